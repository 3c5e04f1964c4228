/** The JOB_* settings (src/base/config.ts reads them with the rest of the environment). */
import { parseInteger } from './config-integer.ts';

/** The queue between Slack's acks and the work (src/runtime/jobs/). */
export interface JobsConfig {
  /** JOB_CONCURRENCY: jobs running at once per replica (they mostly wait on the platform and Slack). */
  concurrency: number;
  /** JOB_QUEUE_BOUND: jobs waiting beyond which new work is answered "busy, try again in a minute". */
  maxWaiting: number;
  /** JOB_RUNNER: `thread` (default: a worker thread, so acks never wait behind work) or `event-loop`. */
  runner: 'thread' | 'event-loop';
  /** JOB_LOCK_SECONDS (BullMQ): a job whose replica died is taken by another after about this long. */
  lockSeconds: number;
  /**
   * JOB_LANE_MAX: jobs of one person running at once per replica (issue 36: a burst leaves workers for everyone
   * else, and platform connections). Unset: half of JOB_CONCURRENCY, at most half the platform connections (8).
   */
  laneMax?: number;
}

export function parseJobs(e: Record<string, string | undefined>, problems: string[]): JobsConfig {
  const runner = (e.JOB_RUNNER ?? 'thread').toLowerCase();
  if (runner !== 'thread' && runner !== 'event-loop')
    problems.push(`JOB_RUNNER must be thread or event-loop (got "${e.JOB_RUNNER}")`);
  const concurrency = parseInteger('JOB_CONCURRENCY', e.JOB_CONCURRENCY, 64, 1, 4_096, problems);
  return {
    concurrency,
    maxWaiting: parseInteger('JOB_QUEUE_BOUND', e.JOB_QUEUE_BOUND, 1_000, 1, 1_000_000, problems),
    runner: runner === 'event-loop' ? 'event-loop' : 'thread',
    lockSeconds: parseInteger('JOB_LOCK_SECONDS', e.JOB_LOCK_SECONDS, 30, 2, 3_600, problems),
    ...(e.JOB_LANE_MAX === undefined
      ? {}
      : { laneMax: parseInteger('JOB_LANE_MAX', e.JOB_LANE_MAX, concurrency, 1, concurrency, problems) }),
  };
}
