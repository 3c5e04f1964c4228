/**
 * The "More" button's value: the search text and the platform's cursor, verbatim (contract: paging rule 2 —
 * "The cursor is opaque"). A cursor too long for a button value (2,000 characters) is kept in the store for an
 * hour and the button carries its key instead.
 */
import { randomUUID } from 'node:crypto';
import type { Store } from '../store/store.ts';
import { decodeMore, encodeMore, MAX_VALUE, type MoreValue } from '../readings/render/source-ids.ts';

const TTL_MS = 3_600_000;
const KEY_PREFIX = 'more:';

export async function moreButtonValue(
  store: Store,
  text: string,
  cursor: string | null,
): Promise<string | null> {
  if (cursor === null) return null;
  const inline = encodeMore({ t: text, c: cursor });
  if (inline.length <= MAX_VALUE) return inline;
  const key = randomUUID();
  await store.namespace('sources').set<MoreValue>(key, { t: text, c: cursor }, TTL_MS);
  return encodeMore({ t: text, c: `${KEY_PREFIX}${key}` });
}

/** The text and cursor behind a More button; null when the value is malformed or its stored cursor expired. */
export async function readMoreButton(store: Store, raw: string | undefined): Promise<MoreValue | null> {
  const value = decodeMore(raw);
  if (!value || !value.c.startsWith(KEY_PREFIX)) return value;
  const stored = await store.namespace('sources').get<MoreValue>(value.c.slice(KEY_PREFIX.length));
  return stored ?? null;
}
