/**
 * Work yields to acks in a storm (issue 36), BullMQ engine on a real Redis: while this replica's requests come
 * faster than the storm rate its worker starts jobs at the storm's pace, and every job still runs.
 */
import { randomUUID } from 'node:crypto';
import { pino } from 'pino';
import { afterEach, describe, it } from 'vitest';
import { createBullQueue } from '../../../src/runtime/jobs/bull-queue.ts';
import { jobSeal } from '../../../src/runtime/jobs/job-seal.ts';
import type { JobQueue } from '../../../src/runtime/jobs/job-queue.ts';
import { useRedisClient } from '../../fixtures/redis-keys.ts';
import { redisUrl } from '../../setup/redis-url.ts';
import { expectPacedStarts, STORM_JOBS, STORM_PACE, stormJob } from './storm-jobs.ts';

describe.skipIf(!redisUrl())('BullMQ queue in a storm', () => {
  const prefix = `fieldline-test:${randomUUID()}:jobs`;
  useRedisClient(prefix);
  let q: JobQueue | undefined;
  afterEach(async () => q?.close(2_000));

  it('starts jobs at the storm pace while the storm lasts, and runs every one of them', async () => {
    const started: number[] = [];
    const t0 = performance.now();
    q = createBullQueue({
      redisUrl: redisUrl() ?? '',
      prefix: `${prefix}:${randomUUID()}`,
      limits: { concurrency: 64, maxWaiting: 1_000, laneMax: 64 },
      lockMs: 10_000,
      run: async () => void started.push(performance.now() - t0),
      runner: 'event-loop',
      log: pino({ level: 'silent' }),
      seal: jobSeal('test-secret'),
      pace: STORM_PACE,
    });
    await Promise.all(
      Array.from({ length: STORM_JOBS }, (_, i) => q!.offer('k', () => stormJob(i), stormJob(i).lane)),
    );
    const end = Date.now() + 20_000;
    while (started.length < STORM_JOBS && Date.now() < end) await q.whenIdle();
    expectPacedStarts(started);
  });
});
