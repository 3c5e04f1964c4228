/**
 * The gate's near cache (src/store/near-cache.ts: remembered decisions and Slack facts answered from this thread's
 * memory for 30 s), made to forget within seconds when access changed anywhere (issue 37): an access event
 * (user_change, tokens revoked) writes a new change marker to the shared store, and every thread and replica
 * reads that one key at most once per `checkMs` — the only store read this adds — and drops its memory when the
 * marker moved. What the event wrote to the store is then read again.
 */
import { randomUUID } from 'node:crypto';
import { withNearCache, type NearCacheOptions } from '../../store/near-cache.ts';
import type { Store } from '../../store/store.ts';

const MARKER = 'access-changed';
/** Namespace views kept per view (the gate's are a few fixed names). */
const MAX_CHILDREN = 100;

export interface FreshCache {
  /** The near-cached store: reads answered from memory unless access changed since. */
  store: Store;
  /** Records that access changed: every thread and replica forgets within `checkMs`, this one at once. */
  changed(): Promise<void>;
}

export function freshNearCache(raw: Store, opts: NearCacheOptions & { checkMs: number }): FreshCache {
  const now = opts.now ?? Date.now;
  const markers = raw.namespace('access');
  let memo = withNearCache(raw, opts);
  /** The marker this thread's memory was filled under; null before the first read. */
  let seen: string | null = null;
  let checkedAt = Number.NEGATIVE_INFINITY;
  let reading: Promise<void> | undefined;

  async function readMarker(): Promise<void> {
    const marker = (await markers.get<string>(MARKER).catch(() => seen)) ?? 'none';
    checkedAt = now();
    if (seen !== null && marker !== seen) memo = withNearCache(raw, opts);
    seen = marker;
  }

  function fresh(): Promise<void> | undefined {
    if (now() - checkedAt < opts.checkMs) return undefined;
    reading ??= readMarker().finally(() => {
      reading = undefined;
    });
    return reading;
  }

  /**
   * A view that always goes to the current memory (replaced when access changed) under `path`'s namespaces. Views
   * and their targets are kept (the gate reads through them on every request): made again only when memory is.
   */
  const view = (path: readonly string[]): Store => {
    let targetOf: { memo: Store; target: Store } | undefined;
    const target = (): Store => {
      if (targetOf?.memo !== memo)
        targetOf = { memo, target: path.reduce<Store>((s, name) => s.namespace(name), memo) };
      return targetOf.target;
    };
    const run = async <T>(op: (s: Store) => Promise<T>): Promise<T> => {
      const reading = fresh();
      if (reading) await reading;
      return op(target());
    };
    const children = new Map<string, Store>();
    return {
      kind: raw.kind,
      get: <T>(key: string) => run((s) => s.get<T>(key)),
      set: <T>(key: string, value: T, ttlMs?: number) => run((s) => s.set(key, value, ttlMs)),
      delete: (key: string) => run((s) => s.delete(key)),
      add: <T>(key: string, value: T, ttlMs?: number) => run((s) => s.add(key, value, ttlMs)),
      update: <T>(key: string, fn: (current: T | undefined) => T | undefined, ttlMs?: number) =>
        run((s) => s.update(key, fn, ttlMs)),
      readEntry: (key: string) => run((s) => s.readEntry(key)),
      swapEntry: (key: string, expected: string | undefined, next: string | undefined, ttlMs?: number) =>
        run((s) => s.swapEntry(key, expected, next, ttlMs)),
      namespace(name: string) {
        let child = children.get(name);
        if (!child) {
          child = view([...path, name]);
          if (children.size < MAX_CHILDREN) children.set(name, child);
        }
        return child;
      },
      ping: () => raw.ping(),
      close: () => raw.close(),
    };
  };

  return {
    store: view([]),
    async changed() {
      const marker = randomUUID();
      await markers.set(MARKER, marker);
      memo = withNearCache(raw, opts);
      seen = marker;
      checkedAt = now();
    },
  };
}
