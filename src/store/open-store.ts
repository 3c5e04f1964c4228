/** Opens the Store chosen by STORE_URL (config.store). */
import type { StoreUrl } from '../base/config.ts';
import type { Logger } from '../base/log.ts';
import { KeyvStore, type Backend } from './keyv-store.ts';
import { memoryBackend } from './memory-backend.ts';
import { redisBackend } from './redis-backend.ts';
import { sqliteBackend } from './sqlite-backend.ts';
import type { Store } from './store.ts';

export interface OpenStoreOptions {
  log: Logger;
  /** Prefix of every key (Redis is shared: tests use one per run). Default `fieldline:`. */
  keyPrefix?: string;
  /** Redis connect timeout. */
  connectTimeoutMs?: number;
}

export async function openStore(url: StoreUrl, opts: OpenStoreOptions): Promise<Store> {
  const log = opts.log.child({ module: 'store' });
  let backend: Backend;
  switch (url.kind) {
    case 'memory':
      backend = memoryBackend();
      break;
    case 'sqlite':
      backend = await sqliteBackend(url.path, log);
      break;
    case 'redis':
      backend = await redisBackend(url.url, log, { connectTimeoutMs: opts.connectTimeoutMs });
      break;
  }
  log.info({ kind: backend.kind }, 'store opened');
  return new KeyvStore(backend, opts.keyPrefix ?? 'fieldline:');
}
