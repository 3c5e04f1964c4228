/** A memory store that records the keys read and written through it (`namespace/key`), for tests of store traffic. */
import { createLogger } from '../../src/base/log.ts';
import { openStore } from '../../src/store/open-store.ts';
import type { Store } from '../../src/store/store.ts';

export async function countingStore(): Promise<{ store: Store; reads: string[]; writes: string[] }> {
  const inner = await openStore({ kind: 'memory' }, { log: createLogger({ level: 'silent' }) });
  const reads: string[] = [];
  const writes: string[] = [];
  const wrap = (s: Store, ns: string): Store => ({
    kind: s.kind,
    get: (key) => (reads.push(`${ns}/${key}`), s.get(key)),
    set: (key, value, ttlMs) => (writes.push(`${ns}/${key}`), s.set(key, value, ttlMs)),
    delete: (key) => s.delete(key),
    add: (key, value, ttlMs) => s.add(key, value, ttlMs),
    update: (key, fn, ttlMs) => (writes.push(`${ns}/${key}`), s.update(key, fn, ttlMs)),
    readEntry: (key) => s.readEntry(key),
    swapEntry: (key, expected, next, ttlMs) => s.swapEntry(key, expected, next, ttlMs),
    namespace: (name) => wrap(s.namespace(name), ns ? `${ns}/${name}` : name),
    ping: () => s.ping(),
    close: () => s.close(),
  });
  return { store: wrap(inner, ''), reads, writes };
}
