/**
 * The narrow storage interface every part of fieldline uses (keyv behind it; see ./open-store.ts).
 * Values are JSON-serialisable. TTLs are milliseconds. Errors of the backend (Redis down) are thrown as
 * StoreUnavailableError, never turned into a silent miss.
 */
export interface Store {
  get<T>(key: string): Promise<T | undefined>;
  set<T>(key: string, value: T, ttlMs?: number): Promise<void>;
  delete(key: string): Promise<boolean>;
  /** Sets only when the key is absent (atomic in Redis: SET NX PX). true when this call set it. */
  add<T>(key: string, value: T, ttlMs?: number): Promise<boolean>;
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
