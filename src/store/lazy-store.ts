/**
 * A store whose root is found when first used (issue 39: an installation's records live under its connection's
 * root, which takes a lookup to name). Every call resolves `root` first, so callers keep a plain Store.
 */
import type { Store } from './store.ts';

export function lazyStore(kind: Store['kind'], root: () => Promise<Store>): Store {
  const on = async () => root();
  return {
    kind,
    get: async (key) => (await on()).get(key),
    set: async (key, value, ttlMs) => (await on()).set(key, value, ttlMs),
    delete: async (key) => (await on()).delete(key),
    add: async (key, value, ttlMs) => (await on()).add(key, value, ttlMs),
    update: async (key, fn, ttlMs) => (await on()).update(key, fn, ttlMs),
    readEntry: async (key) => (await on()).readEntry(key),
    swapEntry: async (key, expected, next, ttlMs) => (await on()).swapEntry(key, expected, next, ttlMs),
    namespace: (name) => lazyStore(kind, async () => (await on()).namespace(name)),
    ping: async () => (await on()).ping(),
    // The root is another's: closing a view never closes it.
    close: async () => undefined,
  };
}
