/**
 * Shared state for replicas (`STORE_URL=redis://…`): @keyv/redis over a client fieldline configures itself.
 * `disableOfflineQueue` makes commands fail at once while the connection is down — queued commands would
 * hang handlers, and a swallowed error would read as "key absent" (a relay could then re-post).
 */
import KeyvRedis from '@keyv/redis';
import type { Logger } from '../log.ts';
import { backendKeyv, serializeEntry, type Backend } from './keyv-store.ts';
import { connectWithin, createFailFastClient } from './redis-client.ts';
import { StoreUnavailableError } from './store.ts';

export interface RedisBackendOptions {
  connectTimeoutMs?: number;
}

export async function redisBackend(
  url: string,
  log: Logger,
  opts: RedisBackendOptions = {},
): Promise<Backend> {
  const connectTimeout = opts.connectTimeoutMs ?? 2_000;
  const client = createFailFastClient(url, connectTimeout, 5_000);
  let lastWarn = 0;
  client.on('error', (err: unknown) => {
    // A down server errors on every reconnect attempt: warn at most every 30 s.
    const now = Date.now();
    if (now - lastWarn > 30_000) {
      lastWarn = now;
      log.warn({ err: err instanceof Error ? err.message : String(err) }, 'redis store unreachable');
    }
  });
  client.on('ready', () => log.info('redis store connected'));
  await connectWithin(client, connectTimeout, (err) =>
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'redis connect failed'),
  );

  const adapter = new KeyvRedis(client, {
    throwOnErrors: true,
    throwOnConnectError: true,
    connectionTimeout: connectTimeout,
  });
  adapter.on('error', () => undefined);
  const keyv = backendKeyv(adapter);
  keyv.on('error', () => undefined);

  // The adapter would otherwise try to connect on demand and make the caller wait.
  const ready = () => {
    if (!client.isReady) throw new StoreUnavailableError('redis store is not connected');
  };
  return {
    kind: 'redis',
    keyv,
    ready,
    addIfAbsent: async (key, value, ttlMs) => {
      const options = ttlMs ? { NX: true as const, PX: ttlMs } : { NX: true as const };
      return (await client.set(key, serializeEntry(value, ttlMs), options)) === 'OK';
    },
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
