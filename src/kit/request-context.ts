/**
 * What the runtime tells a listener about its request, through Bolt's `context`: the outcome of the delivery's
 * idempotency claim and the job queue's figures. Features read them here; the runtime writes them (src/runtime/).
 */

/** The delivery's claim: 'claimed' (first delivery) or 'unavailable' (the store could not record it). */
export type DeliveryClaim = 'claimed' | 'unavailable';

export function deliveryClaimOf(context: Record<string, unknown>): DeliveryClaim | undefined {
  const claim = context.deliveryClaim;
  return claim === 'claimed' || claim === 'unavailable' ? claim : undefined;
}

/** Per kind of job: counts, and wait and work times in ms (p50/p95 of the last jobs). */
export interface KindStats {
  waiting: number;
  running: number;
  done: number;
  failed: number;
  /** Accepted while others waited (told their position). */
  queuedBusy: number;
  /** The queue was full (told to try again). */
  refused: number;
  waitP50Ms: number;
  waitP95Ms: number;
  workP50Ms: number;
  workP95Ms: number;
}

export interface QueueStats {
  engine: 'in-process' | 'bullmq';
  /** Where jobs run: this event loop or a worker thread. */
  runner: 'event-loop' | 'worker-thread';
  waiting: number;
  running: number;
  /** Accepted and not yet finished, beyond which new work is refused. */
  bound: number;
  concurrency: number;
  kinds: Record<string, KindStats>;
}

/** The context key under which the runtime puts the receiving replica's job queue. */
export const JOB_QUEUE_KEY = 'jobQueue';

/** The receiving replica's queue figures (/monitor status shows them). */
export function queueStatsOf(context: Record<string, unknown>): QueueStats | undefined {
  const q = context[JOB_QUEUE_KEY] as { stats?: () => QueueStats } | undefined;
  return typeof q?.stats === 'function' ? q.stats() : undefined;
}

/** The context key under which the runtime puts the job a request runs as (src/runtime/jobs/slack-job.ts). */
export const JOB_RUN_KEY = 'job';

/** Whether this request runs as its job: Slack was answered on receipt, so its `ack` is a no-op. */
export function runsAsJob(context: Record<string, unknown>): boolean {
  const job = context[JOB_RUN_KEY];
  return typeof job === 'object' && job !== null;
}
