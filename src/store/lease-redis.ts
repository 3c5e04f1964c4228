/**
 * The relay lease's own Redis connection (the store's client belongs to keyv). Like the store, it fails
 * commands at once while disconnected (`disableOfflineQueue`): a queued renewal answered after a reconnect
 * would let a replica believe in a lease it may no longer hold.
 */
import type { Logger } from '../base/log.ts';
import type { LeaseRedis } from './lease.ts';
import { connectWithin, createFailFastClient } from './redis-client.ts';

export interface LeaseConnection {
  redis: LeaseRedis;
  close(): Promise<void>;
}

export async function connectLeaseRedis(
  url: string,
  log: Logger,
  opts: { connectTimeoutMs?: number } = {},
): Promise<LeaseConnection> {
  const connectTimeout = opts.connectTimeoutMs ?? 2_000;
  const client = createFailFastClient(url, connectTimeout, 2_000);
  // Reconnect attempts error every time while Redis is down; the lease logs the outage itself.
  client.on('error', (err: unknown) =>
    log.debug({ err: err instanceof Error ? err.message : String(err) }, 'lease redis error'),
  );
  // A replica starts (as a follower) even while Redis is down, and competes for the lease once it is back.
  await connectWithin(client, connectTimeout);

  const redis: LeaseRedis = {
    set: (key, value, o) =>
      client.set(key, value, { condition: 'NX', expiration: { type: 'PX', value: o.expiration.value } }),
    get: (key) => client.get(key),
    eval: (script, o) => client.eval(script, { keys: o.keys, arguments: o.arguments }),
    pTTL: (key) => client.pTTL(key),
  };
  return {
    redis,
    close: async () => {
      if (client.isOpen) await client.close().catch(() => client.destroy());
      else client.destroy();
    },
  };
}
