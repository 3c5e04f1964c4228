/**
 * Redis trouble with two replicas: a dedicated redis-server (own port, started by this test) is stopped
 * mid-run and started again. Acks are unaffected, commands that need state say the store is unavailable, the
 * relay pauses instead of re-posting what it cannot see, and it resumes — delivering what changed meanwhile,
 * once — when Redis is back.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../harness.ts';
import { redisServerInstalled, startRedisServer, type RedisServer } from '../../setup/redis-server.ts';
import { startReplicaBed, type ReplicaBed } from './replica-bed.ts';
import type { Replica } from './replica-process.ts';
import {
  botMessages,
  isParent,
  monitor,
  settled,
  SITE_ID,
  spawnPairAndSettle,
  TASKS_CHANNEL,
} from './relay-setup.ts';

let redis: RedisServer;
let bed: ReplicaBed;
let a: Replica;
let b: Replica;

const taskParents = (bed: ReplicaBed, name: string) =>
  botMessages(bed, TASKS_CHANNEL).filter((m) => isParent(m) && m.text.startsWith(`Task: ${name} (`));

/** Slack writes the relay made (posts and edits), as recorded by the stand-in. */
const alertWrites = (bed: ReplicaBed) =>
  bed.standin.calls.filter((c) => c.method === 'chat.postMessage' || c.method === 'chat.update').length;

describe.skipIf(!redisServerInstalled())(
  'Redis stopped and restarted under two replicas (needs the redis-server binary)',
  () => {
    beforeAll(async () => {
      redis = await startRedisServer();
      // debug: each replica logs every failed lease attempt, which is how the outage's passing time is counted.
      bed = await startReplicaBed({ redisUrl: redis.url, env: { LOG_LEVEL: 'debug' } });
      [a, b] = await spawnPairAndSettle(bed);
    }, 90_000);

    afterAll(async () => {
      await bed?.stop();
      await redis?.dispose();
    });

    it('pauses the relay without false posts, answers commands with "store unavailable", and resumes after restart', async () => {
      const admin = bed.sandbox.admin;
      admin.createTask({ name: 'Before outage gasket', siteId: SITE_ID });
      await waitFor(() => taskParents(bed, 'Before outage gasket').length === 1, { timeoutMs: 15_000 });
      await settled(bed);
      const messagesBefore = botMessages(bed, TASKS_CHANNEL).length;
      const writesBefore = alertWrites(bed);

      await redis.stop();
      // Every replica notices at its next lease renewal and stops acting as leader.
      await waitFor(() => bed.alive().every((r) => !r.leader()), { timeoutMs: 10_000 });
      admin.createTask({ name: 'During outage pump', siteId: SITE_ID });

      // Acks are unaffected; a command that needs state says the store is unavailable.
      const list = await monitor(bed, b, 'list', TASKS_CHANNEL);
      expect(list.tooSlow).toBe(false);
      expect(list.answer).toContain('storage is unavailable');
      expect(list.answer).toMatch(/try again in a minute/);
      const ready = await fetch(`${a.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ checks: { store: 'STORE_UNAVAILABLE' } });

      // Several lease periods pass with Redis down (counted in each replica's failed attempts, not a fixed
      // sleep): nothing is polled, posted or edited.
      const pollsBefore = bed.alive().map((r) => bed.proxyOf(r).polls().length);
      const failedAttempts = (r: Replica) => r.logs.filter((l) => l.msg === 'lease attempt failed').length;
      const attemptsBefore = bed.alive().map(failedAttempts);
      await waitFor(() => bed.alive().every((r, i) => failedAttempts(r) >= (attemptsBefore[i] ?? 0) + 4), {
        timeoutMs: 20_000,
      });
      expect(bed.alive().map((r) => bed.proxyOf(r).polls().length)).toEqual(pollsBefore);
      expect(alertWrites(bed)).toBe(writesBefore);

      await redis.start();
      const leader = await bed.leader(15_000);
      expect(bed.alive()).toContain(leader);
      // The change made during the outage arrives once; nothing delivered before is posted again.
      await waitFor(() => taskParents(bed, 'During outage pump').length === 1, { timeoutMs: 20_000 });
      await settled(bed);
      expect(taskParents(bed, 'Before outage gasket')).toHaveLength(1);
      expect(taskParents(bed, 'During outage pump')).toHaveLength(1);
      expect(botMessages(bed, TASKS_CHANNEL)).toHaveLength(messagesBefore + 1);
    }, 90_000);
  },
);
