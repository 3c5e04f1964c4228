/**
 * Shared state for replicas (`STORE_URL=redis://…`): @keyv/redis over a client fieldline configures itself.
 * `disableOfflineQueue` makes commands fail at once while the connection is down — queued commands would
 * hang handlers, and a swallowed error would read as "key absent" (a relay could then re-post).
 */
import KeyvRedis from '@keyv/redis';
import type { Logger } from '../base/log.ts';
import { backendKeyv, serializeEntry, type Backend } from './keyv-store.ts';
import { connectWithin, createFailFastClient } from './redis-client.ts';
import { StoreUnavailableError } from './store.ts';

/**
 * Compare-and-set in one script (atomic in Redis): KEYS[1]; ARGV: '1' if an entry is expected, the expected
 * text, '1' if an entry is to be written, its text, its TTL in ms ('' for none). Returns 1 when it held.
 */
const SWAP_LUA = `local cur = redis.call('GET', KEYS[1])
if ARGV[1] == '1' then
  if cur ~= ARGV[2] then return 0 end
elseif cur then return 0 end
if ARGV[3] == '1' then
  if ARGV[5] ~= '' then redis.call('SET', KEYS[1], ARGV[4], 'PX', ARGV[5])
  else redis.call('SET', KEYS[1], ARGV[4]) end
else redis.call('DEL', KEYS[1]) end
return 1`;

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
    readEntry: async (key) => (await client.get(key)) ?? undefined,
    swapEntry: async (key, expected, next, ttlMs) => {
      const args = [
        expected === undefined ? '0' : '1',
        expected ?? '',
        next === undefined ? '0' : '1',
        next ?? '',
        ttlMs ? String(ttlMs) : '',
      ];
      return (await client.eval(SWAP_LUA, { keys: [key], arguments: args })) === 1;
    },
    ping: async () => {
      await client.ping();
    },
    close: async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy());
    },
  };
}
