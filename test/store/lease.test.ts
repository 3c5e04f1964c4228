import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { redisLease, type LeaseRedis } from '../../src/store/lease.ts';
import { waitFor } from '../harness.ts';
import { redisUrl } from '../setup/redis-url.ts';
import { useRedisClient } from '../fixtures/redis-keys.ts';

const log = pino({ level: 'silent' });
const prefix = `fieldline-test:${randomUUID()}`;
const url = redisUrl();

describe.skipIf(!url)('redis lease', () => {
  const redis = useRedisClient(prefix);
  const lease = (key: string, clock: { t: number }, ttlMs = 300) =>
    redisLease({ redis: redis() as unknown as LeaseRedis, key, ttlMs, log, now: () => clock.t });

  it('grants the lease to exactly one of two replicas', async () => {
    const key = `${prefix}:one`;
    const clock = { t: Date.now() };
    const a = lease(key, clock);
    const b = lease(key, clock);
    await a.start();
    await b.start();
    expect([a.isLeader(), b.isLeader()]).toEqual([true, false]);
    expect(await a.fence()).toBe(true);
    expect(await b.fence()).toBe(false);
    await a.stop();
    await b.stop();
  });

  it('hands over after the holder stops renewing, and the paused holder is fenced off', async () => {
    const key = `${prefix}:handover`;
    const clock = { t: Date.now() };
    const a = lease(key, clock, 200);
    await a.start();
    expect(a.isLeader()).toBe(true);
    // Simulate a paused process: its renewals stop (timer cleared) but it keeps its belief.
    await redis().pExpire(key, 1);
    await waitFor(async () => (await redis().exists(key)) === 0);
    const b = lease(key, clock, 200);
    await b.start();
    expect(b.isLeader()).toBe(true);
    expect(await a.fence()).toBe(false);
    await b.stop();
    await a.stop();
  });

  it('stops trusting itself when the last renewal is older than the TTL margin', async () => {
    const key = `${prefix}:stale`;
    const clock = { t: Date.now() };
    const a = lease(key, clock, 300);
    await a.start();
    clock.t += 290;
    expect(a.isLeader()).toBe(false);
    expect(await a.fence()).toBe(false);
    await a.stop();
  });

  it('releases only its own lease', async () => {
    const key = `${prefix}:release`;
    const clock = { t: Date.now() };
    const a = lease(key, clock);
    await a.start();
    await redis().set(key, 'someone-else');
    await a.stop();
    expect(await redis().get(key)).toBe('someone-else');
  });
});

describe('redis lease without a server', () => {
  it('loses leadership at once when Redis is unreachable', async () => {
    const broken: LeaseRedis = {
      set: async () => 'OK',
      get: async () => {
        throw new Error('ECONNREFUSED');
      },
      eval: async () => {
        throw new Error('ECONNREFUSED');
      },
    };
    const clock = { t: Date.now() };
    const a = redisLease({ redis: broken, key: 'k', ttlMs: 300, log, now: () => clock.t });
    await a.start();
    expect(a.isLeader()).toBe(true);
    expect(await a.fence()).toBe(false);
    const changes: boolean[] = [];
    a.onChange((leader) => changes.push(leader));
    await waitFor(() => changes.length > 0, { timeoutMs: 2_000 });
    expect(a.isLeader()).toBe(false);
    expect(changes).toEqual([false]);
    await a.stop();
  });
});
