/**
 * Issue 35: the job counts under concurrency. Counts live in one process's memory and change synchronously, so
 * none is lost to another writer; what went wrong was order and staleness: a job started before its acceptance
 * was counted (BullMQ's worker can be that quick) left a phantom waiting job; BullMQ's waiting figure kept the
 * count the last of a burst of offers read, so the queue never looked idle again; and a job run twice at once
 * in the job thread (a stalled job taken over) lost the first run's answer.
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createBullQueue } from '../../../src/runtime/jobs/bull-queue.ts';
import { jobSeal } from '../../../src/runtime/jobs/job-seal.ts';
import { JobStats } from '../../../src/runtime/jobs/job-stats.ts';
import { createLocalQueue } from '../../../src/runtime/jobs/local-queue.ts';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';
import { createThreadRunner, type ThreadRunner } from '../../../src/runtime/jobs/thread-runner.ts';
import { openStore } from '../../../src/store/open-store.ts';
import { clearRedisPrefix } from '../../fixtures/redis-keys.ts';
import { redisUrl } from '../../setup/redis-url.ts';

const N = 16;
const log = pino({ level: 'silent' });
const job = (id: string, kind = 'k', carry?: string): SlackJob => ({
  id,
  kind,
  body: '{}',
  acceptedAt: Date.now(),
  ...(carry !== undefined ? { carry } : {}),
});
const tick = () => new Promise<void>((resolve) => setTimeout(resolve, 1));

describe('job counts', () => {
  it('a job started before it was counted accepted leaves nothing waiting', () => {
    const stats = new JobStats();
    for (let i = 0; i < N; i++) {
      stats.started('k', 0);
      stats.accepted('k', 0);
      stats.finished('k', 1, true);
    }
    expect(stats.byKind().k).toMatchObject({ waiting: 0, running: 0, done: N, failed: 0 });
  });

  it(`${N} jobs at once through the in-process queue are each counted once`, async () => {
    const q = createLocalQueue(
      async (j) => {
        await tick();
        if (j.carry === 'fail') throw new Error('x');
      },
      {
        concurrency: 4,
        maxWaiting: 100,
      },
      log,
    );
    await Promise.all(
      Array.from({ length: N }, (_, i) => q.offer('k', () => job(`j${i}`, 'k', i % 4 === 0 ? 'fail' : 'ok'))),
    );
    await q.whenIdle();
    expect(q.stats().kinds.k).toMatchObject({ waiting: 0, running: 0, done: N - 4, failed: 4 });
  });

  describe.skipIf(!redisUrl())('BullMQ', () => {
    const prefix = `fieldline-test:${randomUUID()}:jobs`;
    afterEach(() => clearRedisPrefix(redisUrl() ?? '', prefix));

    it(`after a burst of ${N} offers, the queue is seen idle again and every job counted`, async () => {
      const q = createBullQueue({
        redisUrl: redisUrl() ?? '',
        prefix,
        limits: { concurrency: 2, maxWaiting: 100 },
        lockMs: 5_000,
        run: () => new Promise<void>((resolve) => setTimeout(resolve, 20)),
        runner: 'event-loop',
        log,
        seal: jobSeal('test-secret'),
      });
      try {
        // Two senders, each offering one job after another while the worker is busy: the waiting count grows.
        const send = async (from: number) => {
          const out = [];
          for (let i = from; i < from + N / 2; i++) out.push(await q.offer('k', () => job(`b${i}`)));
          return out;
        };
        const offers = (await Promise.all([send(0), send(N / 2)])).flat();
        expect(offers.every((a) => a.kind === 'accepted')).toBe(true);
        await Promise.race([
          q.whenIdle(),
          new Promise((_, reject) => setTimeout(() => reject(new Error('never idle')), 10_000)),
        ]);
        expect(q.load()).toEqual({ waiting: 0, running: 0 });
        expect(q.stats().kinds.k).toMatchObject({ waiting: 0, running: 0, done: N });
      } finally {
        await q.close(1_000);
      }
    });
  });

  describe('job thread', () => {
    let runner: ThreadRunner | undefined;
    afterEach(async () => {
      await runner?.close();
    });

    it('one job id run twice at once (a stalled job taken over) ends both runs', async () => {
      const store = await openStore({ kind: 'memory' }, { log, keyPrefix: 't:' });
      const entry = new URL('../../fixtures/job-thread-fixture.ts', import.meta.url);
      runner = createThreadRunner({ entry, workerData: {}, store, log });
      await runner.ready();
      const runs = Promise.all(Array.from({ length: 4 }, () => runner!.run(job('same', 'claim', 'x'))));
      await Promise.race([
        runs,
        new Promise((_, reject) => setTimeout(() => reject(new Error('a run never ended')), 5_000)),
      ]);
      expect(await store.namespace('claims').get('x')).toBe('same');
    });
  });
});
