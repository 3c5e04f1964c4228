/**
 * Where accepted Slack requests wait for their work: bounded, so overload is answered honestly instead of growing
 * without limit. Two engines behind one interface: in-process (./local-queue.ts, the default) and BullMQ where
 * Redis is configured (./bull-queue.ts, durable: any replica's worker takes a job, and a job whose replica died is
 * taken by another). Either runs a job with a JobRunner: this event loop or a worker thread (./thread-runner.ts).
 */
import type { QueueStats } from './job-stats.ts';
import type { SlackJob } from './slack-job.ts';

/** Accepted: `position` jobs wait ahead of it (0: it starts now). Full: refused, nothing was recorded. */
export type Admission = { kind: 'accepted'; position: number } | { kind: 'full' };

export interface JobQueue {
  /**
   * Records the job `build` makes unless the queue is full: a refused request costs no job (its body, several KB of
   * JSON for a submission, is serialized only when accepted). Resolves once recorded (in Redis: durable before the
   * ack). A job that carries its delivery's durable claim makes it where it runs (../dedupe.ts). `lane` is whose
   * job it is (`team/user`, ./lanes.ts), known before the job is built: the queues serve lanes in turn.
   */
  offer(kind: string, build: () => SlackJob, lane?: string): Promise<Admission>;
  /**
   * Refuses a request now, recording nothing, when this replica knows the queue is full without waiting
   * (in-process: its own count). Only then is `kindOf` asked what the request would become: undefined lets it
   * through (not queued work); a kind is counted as refused, like `offer`'s refusals. False when there is room, or
   * when telling would take a round trip (BullMQ: its count is in Redis, and `offer` reads it).
   */
  refuseIfFull(kindOf: () => string | undefined): boolean;
  /**
   * Deletes the waiting jobs `drop` selects, bodies and all (in Redis too, whichever replica offered them): an
   * installation was removed (issue 39, ./installation-jobs.ts). Jobs already running are left to finish; the
   * run-time guard of src/installs/ drops their work. Resolves with how many were deleted.
   */
  removeWaiting(drop: (job: SlackJob) => boolean): Promise<number>;
  stats(): QueueStats;
  /** For /readyz: 'ok', or a code saying why this replica's jobs cannot run as they should (issue 42). */
  health?(): string;
  /** Jobs waiting and running on this replica now (cheap: no per-kind figures). */
  load(): { waiting: number; running: number };
  /** Resolves when no job of this replica waits or runs (tests prove absences with it). */
  whenIdle(): Promise<void>;
  /** Stops taking jobs and lets running ones finish for up to `drainMs`. */
  close(drainMs: number): Promise<void>;
}

/** Runs one job to its end; rejects only when the job could not run at all (its runner died). */
export type JobRunner = (job: SlackJob) => Promise<void>;

export interface QueueLimits {
  /** Jobs running at once. Flows mostly wait on the platform and Slack, so this is an I/O bound. */
  concurrency: number;
  /** Jobs waiting (not yet running) beyond which new work is refused with "try again in a minute". */
  maxWaiting: number;
  /** Jobs of one person (lane: ./lanes.ts) running at once; default half of `concurrency` (issue 36). */
  laneMax?: number;
}

export const DEFAULT_LIMITS: QueueLimits = { concurrency: 64, maxWaiting: 1_000 };
