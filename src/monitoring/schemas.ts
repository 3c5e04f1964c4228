/**
 * Zod pieces shared by the resource modules. Every object is loose (passthrough): unknown keys survive, because
 * "New fields may be added over time; clients tolerate unknown keys" (contract: Task).
 */
import { z } from 'zod';
import { MonitoringError } from './errors.ts';

/** contract: conventions rule 3 — IDs in responses are strings; a nested `{id}` given as a number is tolerated. */
export const idText = z.union([z.string(), z.number()]).transform((v) => String(v));

/** A field the contract lists but that may be absent or null: always null in the domain type. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v): z.output<T> | null => v ?? null);
}

export const ref = z.looseObject({ id: idText, name: opt(z.string()) });
export const siteRef = z.looseObject({ id: idText, name: opt(z.string()), channelId: opt(z.string()) });

/** contract: Paging rule 2 — the cursor is opaque; keep it exactly as sent (a number is kept as its text). */
export const cursor = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v == null ? null : String(v)));

/** contract: conventions rules 2 and 4 — {data: [...], lastValue}; an empty list is {data: null}. */
export function listEnvelope<T extends z.ZodType>(row: T) {
  return z.looseObject({ data: z.array(row).nullable(), lastValue: cursor });
}

export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ data });
}

/** Parses a 2xx body; a shape that breaks the contract is BAD_RESPONSE with the raw body kept. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  const where = result.error.issues
    .slice(0, 3)
    .map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`)
    .join('; ');
  return badResponse(`${what}: unexpected answer (${where})`, body);
}

export function badResponse(message: string, body: unknown): never {
  throw new MonitoringError('BAD_RESPONSE', message, { body });
}
