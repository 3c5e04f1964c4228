/**
 * The narrow storage interface every part of fieldline uses (keyv behind it; see ./open-store.ts).
 * Values are JSON-serialisable. TTLs are milliseconds. Errors of the backend (Redis down) are thrown as
 * StoreUnavailableError, never turned into a silent miss.
 */
import type { RawEntries } from './cas.ts';
/** `readEntry` and `swapEntry` are `update`'s two steps (./cas.ts), for views that forward them (another thread). */
export interface Store extends RawEntries {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Sets only when the key is absent (atomic in Redis: SET NX PX). true when this call set it. */
  add<T>(key: string, value: T, ttlMs?: number): Promise<boolean>;
  /**
   * Reads, changes and writes back one key as a single step on every backend (compare-and-set, retried when
   * another writer got there first): the only way to change a value that depends on what is stored. `fn` may
   * run more than once, so keep it pure; returning what it was given writes nothing, undefined deletes. The
   * written value gets `ttlMs` (none: kept until deleted). Resolves to the value now stored.
   */
  update<T>(
    key: string,
    fn: (current: T | undefined) => T | undefined,
    ttlMs?: number,
  ): Promise<T | undefined>;
  /** A view of the same backend whose keys are prefixed `name:`. */
  namespace(name: string): Store;
  /** Resolves when the backend answers; throws StoreUnavailableError otherwise (used by /readyz). */
  ping(): Promise<void>;
  close(): Promise<void>;
  readonly kind: 'sqlite' | 'memory' | 'redis';
}

export class StoreUnavailableError extends Error {
  readonly code = 'STORE_UNAVAILABLE';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'StoreUnavailableError';
  }
}
