/**
 * The one codec for what fieldline carries in Slack's opaque strings: button and option values (Block Kit: at most
 * 2,000 characters) and a view's `private_metadata` (3,000). JSON in, a zod schema out; anything malformed decodes
 * to null so a handler answers "expired / not valid" instead of throwing. What comes back is never authority:
 * ids in it are checked by the platform as the acting person (see src/access).
 */
import type { z } from 'zod';

/** Block Kit: a button's or an option's `value` holds at most 2,000 characters. */
export const MAX_BUTTON_VALUE = 2000;
/**
 * What fieldline may put in a view's `private_metadata`: Slack's 3,000 characters less the seal the runtime adds
 * (./sealed-metadata.ts).
 */
export { MAX_SEALABLE_METADATA as MAX_PRIVATE_METADATA } from './sealed-metadata.ts';

export function encodeValue(value: unknown): string {
  return JSON.stringify(value);
}

/** The value behind `raw` when it is JSON of the schema's shape; null otherwise (never throws). */
export function decodeValue<T>(schema: z.ZodType<T>, raw: string | undefined | null): T | null {
  if (!raw) return null;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = schema.safeParse(json);
  return parsed.success ? parsed.data : null;
}
