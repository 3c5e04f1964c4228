/**
 * A Store over a MessagePort, for a job thread whose store lives only in the main thread (memory://): every
 * call is answered there, so `add` stays atomic whichever thread claims. sqlite and Redis need no proxy (the thread
 * opens its own connection; both are atomic across connections). Errors cross as name + message;
 * StoreUnavailableError is rebuilt so callers' `instanceof` checks still hold.
 */
import type { MessagePort } from 'node:worker_threads';
import { casUpdate } from '../../store/cas.ts';
import { StoreUnavailableError, type Store } from '../../store/store.ts';

type Op = 'get' | 'set' | 'delete' | 'add' | 'readEntry' | 'swapEntry' | 'ping';
export interface StoreCall {
  t: 'store';
  id: number;
  path: string[];
  op: Op;
  args: unknown[];
}
export interface StoreReply {
  t: 'store-reply';
  id: number;
  value?: unknown;
  error?: { name: string; message: string };
}

export function isStoreCall(m: unknown): m is StoreCall {
  return typeof m === 'object' && m !== null && (m as { t?: unknown }).t === 'store';
}

/** Main thread: answers a thread's store calls with `store`. */
export async function answerStoreCall(
  store: Store,
  call: StoreCall,
  reply: (r: StoreReply) => void,
): Promise<void> {
  let view = store;
  for (const name of call.path) view = view.namespace(name);
  try {
    const [key, value, ttl] = call.args as [string, unknown, number | undefined];
    const [, expected, next, swapTtl] = call.args as [
      string,
      string | undefined,
      string | undefined,
      number | undefined,
    ];
    const ops: Record<Op, () => Promise<unknown>> = {
      get: () => view.get(key),
      set: () => view.set(key, value, ttl),
      delete: () => view.delete(key),
      add: () => view.add(key, value, ttl),
      readEntry: () => view.readEntry(key),
      swapEntry: () => view.swapEntry(key, expected, next, swapTtl),
      ping: () => view.ping(),
    };
    const result = await ops[call.op]();
    reply({ t: 'store-reply', id: call.id, value: result });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    reply({ t: 'store-reply', id: call.id, error: { name: e.name, message: e.message } });
  }
}

/** Worker thread: a Store whose every call is answered by the main thread's. */
export function proxyStore(
  port: MessagePort,
  kind: Store['kind'],
): { store: Store; onReply(r: StoreReply): void } {
  let next = 1;
  const waiting = new Map<number, { resolve(v: unknown): void; reject(e: Error): void }>();
  const call = (path: string[], op: Op, args: unknown[]) =>
    new Promise<unknown>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject });
      port.postMessage({ t: 'store', id, path, op, args } satisfies StoreCall);
    });
  const view = (path: string[]): Store => {
    const self: Store = {
      kind,
      get: <T>(key: string) => call(path, 'get', [key]) as Promise<T | undefined>,
      set: async (key, value, ttlMs) => void (await call(path, 'set', [key, value, ttlMs])),
      delete: (key) => call(path, 'delete', [key]) as Promise<boolean>,
      add: (key, value, ttlMs) => call(path, 'add', [key, value, ttlMs]) as Promise<boolean>,
      // The change runs here (a function cannot cross the port); each step is answered by the main thread's store.
      update: (key, fn, ttlMs) => casUpdate(self, key, fn, ttlMs),
      readEntry: (key) => call(path, 'readEntry', [key]) as Promise<string | undefined>,
      swapEntry: (key, expected, next, ttlMs) =>
        call(path, 'swapEntry', [key, expected, next, ttlMs]) as Promise<boolean>,
      namespace: (name) => view([...path, name]),
      ping: async () => void (await call(path, 'ping', [])),
      // The main thread owns the store and closes it.
      close: async () => undefined,
    };
    return self;
  };
  return {
    store: view([]),
    onReply(r) {
      const w = waiting.get(r.id);
      if (!w) return;
      waiting.delete(r.id);
      if (!r.error) return w.resolve(r.value);
      w.reject(
        r.error.name === 'StoreUnavailableError'
          ? new StoreUnavailableError(r.error.message)
          : Object.assign(new Error(r.error.message), { name: r.error.name }),
      );
    },
  };
}
