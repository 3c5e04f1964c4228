/**
 * A memory view in front of a store for values that may be read a little stale (issue 18: fewer store round
 * trips per request). A value read or written here is answered from this thread's memory for `ttlMs`; after that,
 * or when evicted (at most `max` entries, oldest first), the store is read again. The store stays the truth that
 * other threads and replicas share: every write goes through, except a write of the very value this view wrote
 * less than `ttlMs` ago with the same store TTL (re-recording an unchanged decision on every request).
 *
 * Only for values whose staleness is harmless for `ttlMs` (a remembered access decision, a person's Slack facts).
 * `add` (a claim) and `update` always ask the store: atomic steps must never be answered from memory.
 */
import type { Store } from './store.ts';

export interface NearCacheOptions {
  ttlMs: number;
  /** Entries kept in memory (across all namespaces of this view). */
  max: number;
  now?: () => number;
}

interface Entry {
  /** JSON of the value (absent: the store had nothing). Copies out on read, so callers cannot alter the memo. */
  json: string | undefined;
  /** Until when memory answers. */
  until: number;
  /** Set when this view wrote the value: the store TTL it was written with. */
  wroteTtl?: number | undefined;
}

/** Namespace views kept per cache (names are few and fixed, but a workspace's own namespaces grow with installs). */
const MAX_VIEWS = 1_000;

export function withNearCache(store: Store, opts: NearCacheOptions): Store {
  const now = opts.now ?? Date.now;
  const memo = new Map<string, Entry>();

  function remember(key: string, entry: Entry): void {
    memo.delete(key);
    memo.set(key, entry);
    if (memo.size > opts.max) {
      const oldest = memo.keys().next().value;
      if (oldest !== undefined) memo.delete(oldest);
    }
  }

  /** Views made by `namespace`, kept: the gate asks for the same few on every request (a view is a dozen closures). */
  const views = new Map<string, Store>();
  const viewOf = (backend: Store, prefix: string): Store => {
    let found = views.get(prefix);
    if (!found) {
      if (views.size >= MAX_VIEWS) views.clear();
      found = view(backend, prefix);
      views.set(prefix, found);
    }
    return found;
  };

  const view = (backend: Store, prefix: string): Store => ({
    kind: backend.kind,
    async get<T>(key: string): Promise<T | undefined> {
      const hit = memo.get(prefix + key);
      if (hit && hit.until > now()) return hit.json === undefined ? undefined : (JSON.parse(hit.json) as T);
      const value = await backend.get<T>(key);
      remember(prefix + key, {
        json: value === undefined ? undefined : JSON.stringify(value),
        until: now() + opts.ttlMs,
      });
      return value;
    },
    async set<T>(key: string, value: T, ttlMs?: number): Promise<void> {
      const json = JSON.stringify(value);
      const hit = memo.get(prefix + key);
      const unchanged = hit?.json === json && hit.wroteTtl === ttlMs && hit.until > now();
      if (unchanged) return;
      await backend.set(key, value, ttlMs);
      remember(prefix + key, { json, until: now() + opts.ttlMs, wroteTtl: ttlMs });
    },
    async delete(key: string): Promise<boolean> {
      memo.delete(prefix + key);
      return backend.delete(key);
    },
    async add<T>(key: string, value: T, ttlMs?: number): Promise<boolean> {
      memo.delete(prefix + key);
      return backend.add(key, value, ttlMs);
    },
    async update<T>(key: string, fn: (current: T | undefined) => T | undefined, ttlMs?: number) {
      memo.delete(prefix + key);
      const value = await backend.update(key, fn, ttlMs);
      memo.delete(prefix + key);
      return value;
    },
    readEntry: (key: string) => backend.readEntry(key),
    async swapEntry(key: string, expected: string | undefined, next: string | undefined, ttlMs?: number) {
      memo.delete(prefix + key);
      return backend.swapEntry(key, expected, next, ttlMs);
    },
    namespace: (name: string) => viewOf(backend.namespace(name), `${prefix}${name}:`),
    ping: () => backend.ping(),
    close: () => backend.close(),
  });

  return view(store, '');
}
