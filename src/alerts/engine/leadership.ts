/**
 * Who runs the relay's poller and deliverer. With `STORE_URL=redis://…` several replicas may share the store,
 * so exactly one holds the Redis lease `<prefix>lease:relay`; with sqlite or memory the single process leads.
 */
import { hostname } from 'node:os';
import type { Config } from '../../base/config.ts';
import type { Logger } from '../../base/log.ts';
import { alwaysLeader, redisLease, type Leadership } from '../../store/lease.ts';
import { connectLeaseRedis } from '../../store/lease-redis.ts';

export interface AlertLeadership {
  leadership: Leadership;
  /** Closes the lease's own connection (after `leadership.stop()` released the lease). */
  close(): Promise<void>;
}

export function leaseKey(config: Pick<Config, 'storePrefix'>): string {
  return `${config.storePrefix}lease:relay`;
}

export async function createAlertLeadership(
  config: Pick<Config, 'store' | 'storePrefix' | 'leaseTtlSeconds'>,
  log: Logger,
): Promise<AlertLeadership> {
  if (config.store.kind !== 'redis') return { leadership: alwaysLeader(), close: async () => undefined };
  const connection = await connectLeaseRedis(config.store.url, log);
  const leadership = redisLease({
    redis: connection.redis,
    key: leaseKey(config),
    ttlMs: config.leaseTtlSeconds * 1000,
    log,
    instance: `${hostname()}-${process.pid}`,
  });
  return { leadership, close: () => connection.close() };
}
