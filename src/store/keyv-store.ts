/**
 * The Store interface over a Keyv instance. One class for every backend: keys are prefixed here (not by
 * keyv) so that `namespace()` views and the atomic `add` of each backend agree on the stored key.
 * Every backend failure becomes a StoreUnavailableError — a Redis outage must never read as "not found".
 */
import Keyv, { type KeyvStoreAdapter } from 'keyv';
import { casUpdate, type RawEntries } from './cas.ts';
import { StoreUnavailableError, type Store } from './store.ts';

export { serializeEntry } from './entry.ts';

/** What differs between backends: the atomic set-if-absent and compare-and-set, the health probe and shutdown. */
export interface Backend extends RawEntries {
  readonly kind: Store['kind'];
  keyv: Keyv;
  /** Throws StoreUnavailableError when the backend is known to be down (checked before every call). */
  ready?(): void;
  /** Stores `value` under `key` only when absent; true when it did. */
  addIfAbsent(key: string, value: unknown, ttlMs: number | undefined): Promise<boolean>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The Keyv every backend wraps: no keyv prefix (KeyvStore prefixes keys), errors thrown rather than read as
 * "absent", and values stored as JSON, so a caller mutating a value it read changes nothing stored.
 * Without `store`, keyv's own in-memory Map.
 */
export function backendKeyv(store?: KeyvStoreAdapter): Keyv {
  return new Keyv({
    ...(store ? { store } : {}),
    namespace: undefined,
    useKeyPrefix: false,
    throwOnErrors: true,
    serialize: JSON.stringify,
    deserialize: JSON.parse,
  });
}

async function guard<T>(
  backend: Backend,
  what: string,
  run: () => Promise<T>,
  checkReady = true,
): Promise<T> {
  try {
    if (checkReady) backend.ready?.();
    return await run();
  } catch (err) {
    if (err instanceof StoreUnavailableError) throw err;
    throw new StoreUnavailableError(`${backend.kind} store failed during ${what}: ${describe(err)}`, {
      cause: err,
    });
  }
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.message;
  return typeof err === 'string' ? err : 'unknown error';
}

function checkTtl(ttlMs: number | undefined): number | undefined {
  if (ttlMs === undefined) return undefined;
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`store TTL must be a positive number of ms (got ${ttlMs})`);
  return Math.ceil(ttlMs);
}

export class KeyvStore implements Store {
  readonly kind: Store['kind'];

  constructor(
    private readonly backend: Backend,
    private readonly prefix = '',
  ) {
    this.kind = backend.kind;
  }

  private key(key: string): string {
    return this.prefix + key;
  }

  get<T>(key: string): Promise<T | undefined> {
    return guard(this.backend, 'get', async () => {
      const value: unknown = await this.backend.keyv.get(this.key(key));
      // Values are whatever this process stored under the key; callers validate shapes they do not own.
      return (value ?? undefined) as T | undefined;
    });
  }

  async set<T>(key: string, value: T, ttlMs?: number): Promise<void> {
    const ttl = checkTtl(ttlMs);
    await guard(this.backend, 'set', async () => {
      const ok = await this.backend.keyv.set(this.key(key), value, ttl);
      if (!ok) throw new Error('the backend did not store the value');
    });
  }

  delete(key: string): Promise<boolean> {
    return guard(this.backend, 'delete', () => this.backend.keyv.delete(this.key(key)));
  }

  async add<T>(key: string, value: T, ttlMs?: number): Promise<boolean> {
    const ttl = checkTtl(ttlMs);
    return guard(this.backend, 'add', () => this.backend.addIfAbsent(this.key(key), value, ttl));
  }

  update<T>(
    key: string,
    fn: (current: T | undefined) => T | undefined,
    ttlMs?: number,
  ): Promise<T | undefined> {
    const ttl = checkTtl(ttlMs);
    return guard(this.backend, 'update', () => casUpdate(this, key, fn, ttl));
  }

  readEntry(key: string): Promise<string | undefined> {
    return guard(this.backend, 'read', () => this.backend.readEntry(this.key(key)));
  }

  swapEntry(
    key: string,
    expected: string | undefined,
    next: string | undefined,
    ttlMs?: number,
  ): Promise<boolean> {
    return guard(this.backend, 'swap', () => this.backend.swapEntry(this.key(key), expected, next, ttlMs));
  }

  namespace(name: string): Store {
    if (name === '' || name.includes(':'))
      throw new RangeError(`store namespace must be non-empty without ":" (got "${name}")`);
    return new KeyvStore(this.backend, `${this.prefix}${name}:`);
  }

  ping(): Promise<void> {
    return guard(this.backend, 'ping', () => this.backend.ping());
  }

  close(): Promise<void> {
    return guard(this.backend, 'close', () => this.backend.close(), false);
  }
}
