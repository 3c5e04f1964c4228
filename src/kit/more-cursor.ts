/**
 * The "More" button's value: the search text and the platform's cursor, verbatim (contract: paging rule 2 —
 * "The cursor is opaque"). A cursor too long for a button value (2,000 characters) is kept in the store for an
 * hour and the button carries its key instead.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.ts';
import { z } from 'zod';
import { decodeValue, encodeValue, MAX_BUTTON_VALUE } from './button-value.ts';

/** "More": the search text and the cursor, verbatim (contract: paging rule 2). */
const moreSchema = z.object({ t: z.string(), c: z.string() });
export type MoreValue = z.infer<typeof moreSchema>;

const TTL_MS = 3_600_000;
const KEY_PREFIX = 'more:';

export async function moreButtonValue(
  store: Store,
  text: string,
  cursor: string | null,
): Promise<string | null> {
  if (cursor === null) return null;
  const inline = encodeValue({ t: text, c: cursor } satisfies MoreValue);
  if (inline.length <= MAX_BUTTON_VALUE) return inline;
  const key = randomUUID();
  await store.namespace('sources').set<MoreValue>(key, { t: text, c: cursor }, TTL_MS);
  return encodeValue({ t: text, c: `${KEY_PREFIX}${key}` } satisfies MoreValue);
}

/** The text and cursor behind a More button; null when the value is malformed or its stored cursor expired. */
export async function readMoreButton(store: Store, raw: string | undefined): Promise<MoreValue | null> {
  const value = decodeValue(moreSchema, raw);
  if (!value || !value.c.startsWith(KEY_PREFIX)) return value;
  const stored = await store.namespace('sources').get<MoreValue>(value.c.slice(KEY_PREFIX.length));
  return stored ?? null;
}
