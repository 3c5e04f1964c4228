/**
 * Who runs the relay's poller and deliverer. With `STORE_URL=redis://…` several replicas may share the store,
 * so exactly one holds the Redis lease `<prefix>lease:relay`; with sqlite or memory the single process leads.
 */
import { hostname } from 'node:os';
import type { Config } from '../../base/config.ts';
import type { Logger } from '../../base/log.ts';
import { trackLease } from '../../base/metrics.ts';
import { alwaysLeader, redisLease, type Leadership } from '../../store/lease.ts';
import { connectLeaseRedis } from '../../store/lease-redis.ts';

export interface AlertLeadership {
  leadership: Leadership;
  /** Closes the lease's own connection (after `leadership.stop()` released the lease). */
  close(): Promise<void>;
}

/**
 * The default connection's relay keeps `<prefix>lease:relay` (running replicas carry on); a workspace with a
 * connection of its own has `<prefix>lease:relay:<workspace>` (issue 39): each relay is led on its own.
 */
export function leaseKey(config: Pick<Config, 'storePrefix'>, workspace?: string): string {
  return workspace === undefined
    ? `${config.storePrefix}lease:relay`
    : `${config.storePrefix}lease:relay:${workspace}`;
}

/** Leases of every relay over one Redis connection (a deployment may run hundreds of relays). */
export interface AlertLeases {
  leadershipFor(workspace: string | undefined): Leadership;
  close(): Promise<void>;
}

export async function createAlertLeases(
  config: Pick<Config, 'store' | 'storePrefix' | 'leaseTtlSeconds'>,
  log: Logger,
): Promise<AlertLeases> {
  if (config.store.kind !== 'redis')
    return {
      leadershipFor: (workspace) => trackLease(alwaysLeader(), workspace === undefined),
      close: async () => undefined,
    };
  const connection = await connectLeaseRedis(config.store.url, log);
  return {
    leadershipFor: (workspace) =>
      trackLease(
        redisLease({
          redis: connection.redis,
          key: leaseKey(config, workspace),
          ttlMs: config.leaseTtlSeconds * 1000,
          log: workspace === undefined ? log : log.child({ workspace }),
          instance: `${hostname()}-${process.pid}`,
        }),
        workspace === undefined,
      ),
    close: () => connection.close(),
  };
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
