/**
 * Issue 36: the BullMQ engine is fair, on a real Redis. A job's priority is its rank in a round-robin over its
 * team's people (src/runtime/jobs/bull-lanes.ts), so a person's burst waits behind another person's first job;
 * a replica runs at most `laneMax` jobs of one person, so the next person starts at once; counts forgotten after
 * their expiry cannot keep a person behind.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { bullLanes } from '../../../src/runtime/jobs/bull-lanes.ts';
import { createBullQueue } from '../../../src/runtime/jobs/bull-queue.ts';
import { jobSeal } from '../../../src/runtime/jobs/job-seal.ts';
import type { JobQueue, QueueLimits } from '../../../src/runtime/jobs/job-queue.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';
import { clearRedisPrefix } from '../../fixtures/redis-keys.ts';
import { redisUrl } from '../../setup/redis-url.ts';

const log = pino({ level: 'silent' });
const job = (id: string, lane: string): SlackJob => ({
  id,
  kind: 'k',
  body: '{}',
  lane,
  acceptedAt: Date.now(),
});

async function until(check: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe.skipIf(!redisUrl())('BullMQ queue, fair', () => {
  const prefix = `fieldline-test:${randomUUID()}:jobs`;
  const open: { close(): Promise<unknown> }[] = [];
  const held: Map<string, () => void>[] = [];
  afterEach(async () => {
    // A failed test leaves jobs running: they end before their queue closes.
    for (const releases of held.splice(0)) for (const release of releases.values()) release();
    for (const q of open.splice(0)) await q.close();
    await clearRedisPrefix(redisUrl() ?? '', prefix);
  });

  function queue(limits: QueueLimits) {
    const releases = new Map<string, () => void>();
    held.push(releases);
    const ran: string[] = [];
    /** The most jobs of person A running at once. */
    const a = { now: 0, most: 0 };
    const q: JobQueue = createBullQueue({
      redisUrl: redisUrl() ?? '',
      prefix: `${prefix}:${randomUUID()}`,
      limits,
      lockMs: 5_000,
      run: (j) =>
        new Promise<void>((resolve) => {
          ran.push(j.id);
          const mine = j.lane === 'T1/UA';
          if (mine) a.most = Math.max(a.most, ++a.now);
          releases.set(j.id, () => {
            if (mine) a.now -= 1;
            resolve();
          });
        }),
      runner: 'event-loop',
      log,
      seal: jobSeal('test-secret'),
    });
    open.push({ close: () => q.close(1_000) });
    const offer = (id: string, lane: string) => q.offer('k', () => job(id, lane), lane);
    /** Releases the oldest running job until `count` jobs ran and ended. */
    const drain = async (count: number) => {
      for (let ended = 0; ended < count; ended++) {
        await until(() => ran.some((id) => releases.has(id)));
        const id = ran.find((r) => releases.has(r)) ?? '';
        releases.get(id)?.();
        releases.delete(id);
      }
    };
    return { q, ran, offer, drain, a };
  }

  it("orders jobs by their round: another person's first job before a burst's later ones, teams in turns", async () => {
    const { q, ran, offer, drain } = queue({ concurrency: 1, maxWaiting: 100 });
    await offer('a1', 'T1/UA');
    await until(() => ran.length === 1);
    for (const id of ['a2', 'a3', 'a4', 'a5']) await offer(id, 'T1/UA');
    await offer('b1', 'T1/UB');
    await offer('x1', 'T2/UX');
    // Told how many run before it: x1, and a2 and b1 of the round before (a3 offered earlier runs after it).
    expect(await offer('x2', 'T2/UX')).toEqual({ kind: 'accepted', position: 3 });
    await drain(8);
    await q.whenIdle();
    // Priorities: a1 1, a2 2, a3 3, a4 4, a5 5; b1 2 (A ahead once); x1 1, x2 2 (a team of its own).
    expect(ran).toEqual(['a1', 'x1', 'a2', 'b1', 'x2', 'a3', 'a4', 'a5']);
  });

  it('a person at the cap leaves the rest of the workers to others: the next person starts at once', async () => {
    const { q, ran, offer, drain, a } = queue({ concurrency: 4, maxWaiting: 100, laneMax: 2 });
    const positions = [];
    for (let i = 1; i <= 6; i++) {
      const a = await offer(`a${i}`, 'T1/UA');
      positions.push(a.kind === 'accepted' ? a.position : -1);
    }
    // Past the cap a job is told it waits for the person's own jobs: the 6th for at least 4 of them.
    expect(positions[5]).toBeGreaterThanOrEqual(4);
    await until(() => ran.length === 2);
    await sleep(200);
    expect(ran).toEqual(['a1', 'a2']);
    expect(await offer('b1', 'T1/UB')).toEqual({ kind: 'accepted', position: 0 });
    await until(() => ran.includes('b1'), 2_000);
    expect(ran.filter((id) => id.startsWith('a'))).toHaveLength(2);
    // Each job put back is promoted when one of A's ends, not after its lock time (5 s here).
    const started = Date.now();
    await drain(7);
    await q.whenIdle();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect(a.most).toBe(2);
    expect(q.stats().kinds.k).toMatchObject({ done: 7, failed: 0, waiting: 0, running: 0 });
  });

  it('refuses at the bound, counting jobs waiting in every lane', async () => {
    const { q, offer, drain } = queue({ concurrency: 1, maxWaiting: 2 });
    await offer('a1', 'T/UA');
    await sleep(100);
    await offer('a2', 'T/UA');
    await offer('b1', 'T/UB');
    expect(await q.offer('k', () => job('c1', 'T/UC'), 'T/UC')).toEqual({ kind: 'full' });
    await drain(3);
    await q.whenIdle();
  });

  it('a person not seen for the expiry is forgotten: a crash cannot keep their count high', async () => {
    const bull = new Queue('slack-jobs', { connection: { url: redisUrl() ?? '' }, prefix: `${prefix}:ttl` });
    open.push(bull);
    const lanes = bullLanes(bull, 300);
    const ranks = [];
    for (let i = 0; i < 3; i++) ranks.push(await lanes.offer('T/UA', 100));
    expect(ranks.map((r) => (r.kind === 'accepted' ? r.priority : -1))).toEqual([1, 2, 3]);
    // Ended jobs lower it again.
    await lanes.done('T/UA');
    expect(await lanes.offer('T/UA', 100)).toMatchObject({ priority: 3 });
    // Nothing more offered or ended by them (their replica died): forgotten.
    await sleep(400);
    expect(await lanes.offer('T/UA', 100)).toMatchObject({ priority: 1 });
  });
});
