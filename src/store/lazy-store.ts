/**
 * A store whose root is found when first used (issue 39: an installation's records live under its connection's
 * root, which takes a lookup to name). Every call resolves `root` first, so callers keep a plain Store.
 */
import type { Store } from './store.ts';

export function lazyStore(kind: Store['kind'], root: () => Promise<Store>): Store {
  return {
    kind,
    get: async (key) => (await root()).get(key),
    set: async (key, value, ttlMs) => (await root()).set(key, value, ttlMs),
    delete: async (key) => (await root()).delete(key),
    add: async (key, value, ttlMs) => (await root()).add(key, value, ttlMs),
    update: async (key, fn, ttlMs) => (await root()).update(key, fn, ttlMs),
    readEntry: async (key) => (await root()).readEntry(key),
    swapEntry: async (key, expected, next, ttlMs) => (await root()).swapEntry(key, expected, next, ttlMs),
    namespace: (name) => lazyStore(kind, async () => (await root()).namespace(name)),
    ping: async () => (await root()).ping(),
    // The root is another's: closing a view never closes it.
    close: async () => undefined,
  };
}
