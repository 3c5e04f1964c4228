/**
 * Zod pieces shared by the resource modules. Every object is loose (passthrough): unknown keys survive, because
 * "New fields may be added over time; clients tolerate unknown keys" (contract: Task).
 */
import { z } from 'zod';
import { isPlainObject } from './args.ts';
import { MonitoringError } from './errors.ts';

/** contract: conventions rule 3 — IDs in responses are strings; a nested `{id}` given as a number is tolerated. */
export const idText = z.union([z.string(), z.number()]).transform((v) => String(v));

/** A field the contract lists but that may be absent or null: always null in the domain type. */
export function opt<T extends z.ZodType>(schema: T) {
  return schema.nullish().transform((v): z.output<T> | null => v ?? null);
}

export const ref = z.looseObject({ id: idText, name: opt(z.string()) });
export const siteRef = z.looseObject({ id: idText, name: opt(z.string()), channelId: opt(z.string()) });

/** contract: conventions rule 2 — a successful call answers {data: ...}. */
export function dataEnvelope<T extends z.ZodType>(data: T) {
  return z.looseObject({ data });
}

// Built once (as every schema here): building a zod schema per call costs about 70 µs, and only a schema used
// again compiles its fast path.
/** {data: <number>}: the id of what a POST created (a task, a post). */
export const createdIdAnswer = dataEnvelope(z.number());
/** {data: SUCCESS}: a write the platform accepted. */
export const successAnswer = dataEnvelope(z.literal('SUCCESS'));

/** The first issues of a failed parse, each with its path below `at` ('' = the body itself). */
function describeIssues(error: z.ZodError, at: string): string {
  return error.issues
    .slice(0, 3)
    .map((i) => `${[at, ...i.path].filter((p) => p !== '').join('.') || '(body)'}: ${i.message}`)
    .join('; ');
}

/** Parses a 2xx body; a shape that breaks the contract is BAD_RESPONSE with the raw body kept. */
export function parseBody<T extends z.ZodType>(schema: T, body: unknown, what: string): z.output<T> {
  const result = schema.safeParse(body);
  if (result.success) return result.data;
  return badResponse(`${what}: unexpected answer (${describeIssues(result.error, '')})`, body);
}

export function badResponse(message: string, body: unknown): never {
  throw new MonitoringError('BAD_RESPONSE', message, { body });
}

/** A list answer's envelope: its rows not yet checked (null for {data: null}) and its cursor. */
export interface ListEnvelope {
  rows: unknown[] | null;
  lastValue: string | null;
}

/**
 * contract: conventions rules 2 and 4 — {data: [...], lastValue}; an empty list is {data: null}. Checked by
 * hand and only to the rows: each list reads its rows in its own page-level pass (a zod array would walk and
 * copy every row once more first).
 */
export function listEnvelope(body: unknown, what: string): ListEnvelope {
  const broken = (where: string, expected: string) =>
    badResponse(`${what}: unexpected answer (${where}: expected ${expected})`, body);
  if (!isPlainObject(body)) return broken('(body)', 'an object');
  const { data, lastValue } = body;
  if (data !== null && !Array.isArray(data)) return broken('data', 'an array or null');
  // contract: Paging rule 2 — the cursor is opaque; keep it exactly as sent (a number is kept as its text).
  if (lastValue === undefined || lastValue === null) return { rows: data, lastValue: null };
  if (typeof lastValue !== 'string' && typeof lastValue !== 'number')
    return broken('lastValue', 'a string or a number');
  return { rows: data, lastValue: String(lastValue) };
}

/** Rows of a page read one by one: a row that breaks the contract fails the page, naming it (data.<i>.…). */
export type PageRows<R> = (rows: unknown[], what: string, body: unknown) => R[];

/** Each row through a schema built once, then `map`. */
export function rowsOf<T extends z.ZodType, R>(row: T, map: (wire: z.output<T>) => R): PageRows<R> {
  return (rows, what, body) => {
    const out: R[] = [];
    for (let i = 0; i < rows.length; i++) {
      const result = row.safeParse(rows[i]);
      if (!result.success)
        return badResponse(`${what}: unexpected answer (${describeIssues(result.error, `data.${i}`)})`, body);
      out.push(map(result.data));
    }
    return out;
  };
}
