/** Work yields to acks in a storm (issue 36): job starts are paced while offers come faster than the storm rate. */
import { describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { createLocalQueue } from '../../../src/runtime/jobs/local-queue.ts';
import { WorkPace } from '../../../src/runtime/jobs/work-pace.ts';
import { expectPacedStarts, STORM_JOBS, STORM_PACE, stormJob } from './storm-jobs.ts';

describe('the pace of work', () => {
  it('lets every job start below the storm rate, and a tenth of the storm starts a slice above it', () => {
    let t = 0;
    const pace = new WorkPace({ stormRate: 10, stormStarts: 30, now: () => t });
    for (let i = 0; i < 10; i++) pace.offered();
    expect(pace.allows()).toBe(true);
    pace.offered();
    // 11 offers within a second: a storm. 3 starts per 100 ms slice.
    const starts: number[] = [];
    for (; t < 300; t += 10)
      while (pace.allows()) {
        pace.started();
        starts.push(Math.floor(t / 100));
      }
    expect(starts).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2]);
    expect(pace.wait()).toBeGreaterThan(0);
    // Two quiet seconds: the storm is over.
    t += 2_000;
    expect(pace.rate()).toBe(0);
    expect(pace.allows()).toBe(true);
  });
});

describe('the in-process queue in a storm', () => {
  it('starts jobs at the storm pace while the storm lasts, and runs every one of them', async () => {
    const started: number[] = [];
    const t0 = performance.now();
    const queue = createLocalQueue(
      async () => void started.push(performance.now() - t0),
      { concurrency: 64, maxWaiting: 1_000, laneMax: 64 },
      pino({ level: 'silent' }),
      'event-loop',
      STORM_PACE,
    );
    for (let i = 0; i < STORM_JOBS; i++) await queue.offer('k', () => stormJob(i));
    await queue.whenIdle();
    // The first 20 (below the storm rate) start at once, the rest at the pace.
    expect(started.filter((at) => at < 50).length).toBeLessThanOrEqual(26);
    expectPacedStarts(started);
    await queue.close(100);
  });
});
