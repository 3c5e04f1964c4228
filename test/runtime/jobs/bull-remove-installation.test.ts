/**
 * Issue 39 on a real Redis: when an installation is removed, its jobs waiting in BullMQ (waiting, prioritized, or
 * put back at a person's cap) are deleted with their bodies, their fair-lane counts are lowered (no person of the
 * removed workspace is left counted), a job already running finishes, and every other installation's jobs run.
 */
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullQueue } from '../../../src/runtime/jobs/bull-queue.ts';
import { jobOfInstallation } from '../../../src/runtime/jobs/installation-jobs.ts';
import { jobSeal } from '../../../src/runtime/jobs/job-seal.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';
import { useRedisClient } from '../../fixtures/redis-keys.ts';
import { redisUrl } from '../../setup/redis-url.ts';
import { jobOf, type BodyName } from './installation-bodies.ts';

const log = pino({ level: 'silent' });

async function until(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(10);
  }
}

describe.skipIf(!redisUrl())('BullMQ queue, an installation removed', () => {
  const prefix = `fieldline-test:${randomUUID()}:jobs`;
  const redis = useRedisClient(prefix);
  const open: { close(): Promise<unknown> }[] = [];
  let opened: (() => void) | undefined;
  afterEach(async () => {
    // A failed test leaves jobs held: they end before their queue closes.
    opened?.();
    for (const q of open.splice(0)) await q.close();
  });

  function queue() {
    const qPrefix = `${prefix}:${randomUUID()}`;
    const ran: string[] = [];
    const gate = new Promise<void>((resolve) => (opened = resolve));
    // Two workers, one job of a person at once: a person's second job is put back (delayed) while their first runs.
    const q = createBullQueue({
      redisUrl: redisUrl() ?? '',
      prefix: qPrefix,
      limits: { concurrency: 2, maxWaiting: 100, laneMax: 1 },
      lockMs: 10_000,
      run: async (j: SlackJob) => {
        ran.push(j.id);
        await gate;
      },
      runner: 'event-loop',
      log,
      seal: jobSeal('test-secret'),
    });
    open.push({ close: () => q.close(2_000) });
    const bull = new Queue('slack-jobs', { connection: { url: redisUrl() ?? '' }, prefix: qPrefix });
    open.push(bull);
    const offer = async (id: string, name: BodyName) => {
      const j = jobOf(id, name);
      expect(await q.offer(j.kind, () => j, j.lane)).toMatchObject({ kind: 'accepted' });
    };
    /** A workspace's fair-lane counts in Redis (person → unfinished jobs). */
    const laneCounts = async (team: string) => redis().hGetAll(`${bull.toKey('lanes')}:${team}`);
    const counts = () => bull.getJobCounts('active', 'delayed', 'prioritized', 'waiting');
    return { q, bull, ran, offer, laneCounts, counts };
  }

  it("deletes that installation's waiting jobs and their lane counts; the others' all run", async () => {
    const { q, bull, ran, offer, laneCounts, counts } = queue();
    await offer('t1-running', 'commandT1');
    await until(() => ran.length === 1);
    // T1's person UA again: the free worker takes it, finds UA at the cap and puts it back.
    await offer('t1-put-back', 'commandT1');
    await until(async () => (await counts()).delayed === 1);
    await offer('t9-running', 'commandT9');
    await until(() => ran.length === 2);
    // Both workers held: the rest waits.
    for (const [id, name] of [
      ['t1-event', 'eventT1'],
      ['t2-command', 'commandT2'],
      ['t4-command', 'commandT4'],
      ['t3-action', 'actionT3'],
      ['t9-waits', 'commandT9'],
      ['t2-event', 'eventT2'],
    ] as const)
      await offer(id, name);
    expect(await counts()).toEqual({ active: 2, delayed: 1, prioritized: 6, waiting: 0 });
    expect(await laneCounts('T1')).toEqual({ UA: '2', UB: '1' });

    expect(await q.removeWaiting(jobOfInstallation('T1'))).toBe(2);
    expect(q.load().waiting).toBe(5);
    // The running job is left (it finishes, then lowers its own count); the others' counts are gone.
    expect(await laneCounts('T1')).toEqual({ UA: '1' });
    expect(await bull.getJob('t1-put-back')).toBeUndefined();
    expect(await bull.getJob('t1-event')).toBeUndefined();

    // The organisation's key: its jobs of every workspace it serves org-wide, not T4's own installation's.
    expect(await q.removeWaiting(jobOfInstallation('E1'))).toBe(3);
    expect(q.load().waiting).toBe(2);
    expect(await counts()).toEqual({ active: 2, delayed: 0, prioritized: 2, waiting: 0 });
    for (const team of ['T2', 'T3']) expect(await laneCounts(team)).toEqual({});
    expect(q.stats().kinds['home.opened']).toMatchObject({ waiting: 0 });

    opened?.();
    await q.whenIdle();
    expect(ran.sort()).toEqual(['t1-running', 't4-command', 't9-running', 't9-waits']);
    for (const team of ['T1', 'T4', 'T9']) expect(await laneCounts(team)).toEqual({});
    expect(q.stats().kinds['tasks.list']).toMatchObject({ done: 4, waiting: 0, running: 0 });
  });
});
