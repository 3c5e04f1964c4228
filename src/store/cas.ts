/**
 * `update` for every backend, made of two raw steps each backend does atomically: read the stored entry as
 * text, and swap it only if it is still that text (compare-and-set). A writer that lost the race reads
 * again and re-applies its change, so two jobs or replicas changing one key a moment apart both count.
 */
import { serializeEntry } from './entry.ts';
import { StoreUnavailableError } from './store.ts';

/** The stored entry as text (what keyv writes: `{"value":…,"expires":…}`), or undefined when absent. */
export interface RawEntries {
  readEntry(key: string): Promise<string | undefined>;
  /** Replaces `expected` (undefined: absent) by `next` (undefined: delete); false when the entry changed. */
  swapEntry(
    key: string,
    expected: string | undefined,
    next: string | undefined,
    ttlMs?: number,
  ): Promise<boolean>;
}

/** Tries before giving up: only a key rewritten this often within one update's round trips gets here. */
const MAX_TRIES = 64;

function decode(raw: string | undefined, now: number): unknown {
  if (raw === undefined) return undefined;
  const entry = JSON.parse(raw) as { value?: unknown; expires?: number | null };
  if (typeof entry.expires === 'number' && entry.expires <= now) return undefined;
  return entry.value ?? undefined;
}

/**
 * Applies `fn` to the key's value until the swap holds. `fn` may run more than once (keep it pure) and may
 * change its argument; returning a value equal to what was read writes nothing; returning undefined deletes.
 */
export async function casUpdate<T>(
  raw: RawEntries,
  key: string,
  fn: (current: T | undefined) => T | undefined,
  ttlMs: number | undefined,
): Promise<T | undefined> {
  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const stored = await raw.readEntry(key);
    const now = Date.now();
    const current = decode(stored, now) as T | undefined;
    const before = current === undefined ? undefined : JSON.stringify(current);
    const next = fn(current);
    const after = next === undefined ? undefined : JSON.stringify(next);
    if (after === before) return next;
    const nextEntry = next === undefined ? undefined : serializeEntry(next, ttlMs, now);
    if (await raw.swapEntry(key, stored, nextEntry, ttlMs)) return next;
    // Lost the race: a short random pause spreads the retries of many writers of one key.
    await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(2 ** attempt, 50)));
  }
  throw new StoreUnavailableError(`store update of "${key}" kept conflicting (${MAX_TRIES} tries)`);
}
