/**
 * Relay leadership wiring: the single process leads with sqlite or memory; with Redis exactly one of the
 * replicas holds `<prefix>lease:relay`, a follower takes over once a dead holder's lease lapses, and a holder
 * whose Redis stops answering steps down instead of waiting forever.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/base/config.ts';
import { createAlertLeadership, leaseKey } from '../../../src/alerts/engine/leadership.ts';
import { redisLease, type LeaseRedis } from '../../../src/store/lease.ts';
import { waitFor } from '../../harness.ts';
import { redisUrl } from '../../setup/redis-url.ts';
import { useRedisClient } from '../../fixtures/redis-keys.ts';

const log = pino({ level: 'silent' });
const prefix = `fieldline-test:${randomUUID()}:`;
const url = redisUrl();

const redisConfig = (ttlSeconds = 1) =>
  loadConfig({
    STORE_URL: url ?? '',
    STORE_PREFIX: prefix,
    LEASE_TTL_SECONDS: String(ttlSeconds),
  });

describe('relay leadership of a single process', () => {
  it('makes the single process the leader with the sqlite or memory store', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'fieldline-leadership-'));
    for (const STORE_URL of ['memory://', `sqlite://${join(dir, 'test.sqlite')}`]) {
      const { leadership, close } = await createAlertLeadership(loadConfig({ STORE_URL }), log);
      await leadership.start();
      expect(leadership.isLeader()).toBe(true);
      expect(await leadership.fence()).toBe(true);
      await leadership.stop();
      await close();
    }
    await rm(dir, { recursive: true, force: true });
  });
});

describe.skipIf(!url)('relay leadership over Redis', () => {
  const redis = useRedisClient(prefix);

  it('grants the Redis lease <prefix>lease:relay to one replica and hands it over when the holder dies', async () => {
    const config = redisConfig(1);
    const one = await createAlertLeadership(config, log);
    const two = await createAlertLeadership(config, log);
    await one.leadership.start();
    await two.leadership.start();
    expect([one.leadership.isLeader(), two.leadership.isLeader()]).toEqual([true, false]);
    expect(await redis().get(leaseKey(config))).toBe(one.leadership.token);
    expect(await two.leadership.fence()).toBe(false);
    // The holder dies without releasing: its connection goes away, the lease lapses after its TTL.
    await one.close();
    await waitFor(() => two.leadership.isLeader(), { timeoutMs: 5_000 });
    expect(await two.leadership.fence()).toBe(true);
    expect(one.leadership.isLeader()).toBe(false);
    await one.leadership.stop();
    await two.leadership.stop();
    expect(await redis().get(leaseKey(config))).toBeNull(); // released by its holder on a clean stop
    await two.close();
  });

  it('steps down when Redis stops answering instead of waiting on the renewal', async () => {
    let hang = false;
    const never = new Promise<never>(() => undefined);
    const key = `${prefix}hung`;
    const hanging: LeaseRedis = {
      set: (k, v, o) => (hang ? never : redis().set(k, v, { condition: 'NX', expiration: o.expiration })),
      get: (k) => (hang ? never : redis().get(k)),
      eval: (script, o) => (hang ? never : redis().eval(script, o)),
    };
    const lease = redisLease({ redis: hanging, key, ttlMs: 300, log });
    const changes: boolean[] = [];
    lease.onChange((leader) => changes.push(leader));
    await lease.start();
    expect(lease.isLeader()).toBe(true);
    hang = true;
    await waitFor(() => !lease.isLeader(), { timeoutMs: 3_000 });
    expect(await lease.fence()).toBe(false);
    await waitFor(() => changes.join() === 'true,false', { timeoutMs: 3_000 });
    await lease.stop();
  });
});
