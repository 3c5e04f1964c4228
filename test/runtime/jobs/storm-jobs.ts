/** The storm of the pace tests (both engines): 60 jobs of three people, and what their start times must show. */
import { expect } from 'vitest';
import type { SlackJob } from '../../../src/runtime/jobs/slack-job.ts';

/** Past a storm rate of 20, at most 5 starts per 100 ms slice (stormStarts 50). */
export const STORM_PACE = { stormRate: 20, stormStarts: 50 };
export const STORM_JOBS = 60;

export const stormJob = (i: number): SlackJob => ({
  id: `j${i}`,
  kind: 'k',
  body: '{}',
  acceptedAt: 0,
  lane: `T1/U${i % 3}`,
});

/** Every job ran; the 40 past the storm rate started at the pace: spread over at least 0.6 s. */
export function expectPacedStarts(started: number[]): void {
  expect(started).toHaveLength(STORM_JOBS);
  const sorted = [...started].sort((a, b) => a - b);
  expect(sorted[STORM_JOBS - 1]! - sorted[20]!).toBeGreaterThanOrEqual(600);
}
