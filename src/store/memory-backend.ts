/**
 * In-memory backend (`STORE_URL=memory://`): a real Keyv over a Map, for tests and throwaway runs. The Map holds
 * each entry as keyv serialised it; one process and synchronous Map steps make set-if-absent and
 * compare-and-set atomic (a job thread reaches this store through the main thread: kit/jobs/store-proxy.ts).
 */
import { backendKeyv, serializeEntry, type Backend } from './keyv-store.ts';

function live(raw: string | undefined, now: number): boolean {
  if (raw === undefined) return false;
  const { expires } = JSON.parse(raw) as { expires?: number | null };
  return typeof expires !== 'number' || expires > now;
}

export function memoryBackend(): Backend {
  const map = new Map<string, string>();
  const keyv = backendKeyv(map as never);
  return {
    kind: 'memory',
    keyv,
    addIfAbsent: async (key, value, ttlMs) => {
      const now = Date.now();
      if (live(map.get(key), now)) return false;
      map.set(key, serializeEntry(value, ttlMs, now));
      return true;
    },
    readEntry: async (key) => map.get(key),
    swapEntry: async (key, expected, next) => {
      if (map.get(key) !== expected) return false;
      if (next === undefined) map.delete(key);
      else map.set(key, next);
      return true;
    },
    ping: async () => undefined,
    close: async () => {
      await keyv.clear();
    },
  };
}
