/**
 * The durable engine, where Redis is configured: BullMQ (a maintained queue engine, not a home-made one). A job is
 * in Redis before Slack is acked, any replica's worker takes it, and a job whose replica died mid-work is moved
 * back to waiting by BullMQ's stalled-job check after `lockMs` and taken by another replica (jobs are idempotent
 * through fieldline's claims: a task is created once). Admission reads the waiting count (one Redis call) before
 * adding: the jobs ahead across replicas are the position; at the bound nothing is added.
 */
import { Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '../../base/log.ts';
import type { Admission, JobQueue, JobRunner, QueueLimits } from './job-queue.ts';
import { JobStats } from './job-stats.ts';
import { slackJobSchema } from './slack-job.ts';

const QUEUE_NAME = 'slack-jobs';
/** Finished jobs kept in Redis for inspection (BullMQ removes older ones). */
const KEEP_FINISHED = 1_000;

export interface BullQueueOptions {
  redisUrl: string;
  /** Key prefix in Redis (the store's prefix + `jobs`), so several deployments can share one Redis. */
  prefix: string;
  limits: QueueLimits;
  /** A job's lock: a replica that stops renewing it (killed) loses the job to another after about this long. */
  lockMs: number;
  run: JobRunner;
  runner: 'event-loop' | 'worker-thread';
  log: Logger;
  /** false: only enqueue (a replica that takes no jobs). Default true. */
  work?: boolean;
}

function connection(url: string, blocking: boolean): ConnectionOptions {
  const u = new URL(url);
  return {
    host: u.hostname,
    port: Number(u.port || 6379),
    ...(u.username ? { username: decodeURIComponent(u.username) } : {}),
    ...(u.password ? { password: decodeURIComponent(u.password) } : {}),
    ...(u.pathname.length > 1 ? { db: Number(u.pathname.slice(1)) } : {}),
    ...(u.protocol === 'rediss:' ? { tls: {} } : {}),
    // The worker's blocking connection must wait out Redis outages; the producer fails at once (the person is
    // told "busy, try again" instead of an ack that waits).
    maxRetriesPerRequest: blocking ? null : 1,
    enableOfflineQueue: blocking,
  };
}

export function createBullQueue(opts: BullQueueOptions): JobQueue {
  const { limits, log } = opts;
  const stats = new JobStats();
  const queue = new Queue(QUEUE_NAME, { connection: connection(opts.redisUrl, false), prefix: opts.prefix });
  queue.on('error', (err) => log.warn({ err: err.message }, 'job queue (redis) error'));
  /** The last waiting count read (for stats between offers). */
  let waiting = 0;
  let closed = false;

  const worker =
    opts.work === false
      ? undefined
      : new Worker(
          QUEUE_NAME,
          async (bullJob) => {
            const parsed = slackJobSchema.safeParse(bullJob.data);
            if (!parsed.success) {
              log.error({ job: bullJob.id }, 'malformed job dropped');
              return;
            }
            await stats.track(parsed.data, opts.run);
          },
          {
            connection: connection(opts.redisUrl, true),
            prefix: opts.prefix,
            concurrency: limits.concurrency,
            lockDuration: opts.lockMs,
            stalledInterval: Math.max(1_000, Math.floor(opts.lockMs / 2)),
            // A job that stalls twice (two replicas died running it) is failed, not retried forever.
            maxStalledCount: 2,
          },
        );
  worker?.on('error', (err) => log.warn({ err: err.message }, 'job worker (redis) error'));
  // BullMQ's stalled check found a job whose replica stopped renewing its lock: it runs again here.
  worker?.on('stalled', (jobId) => log.warn({ job: jobId }, 'job taken over from a replica that stopped'));
  worker?.on('failed', (job, err) => log.error({ job: job?.id, err: err.message }, 'job could not run'));

  const localIdle = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

  return {
    async offer(kind, build): Promise<Admission> {
      if (closed) return { kind: 'full' };
      const ahead = (waiting = await queue.getWaitingCount());
      if (ahead >= limits.maxWaiting) {
        stats.refused(kind);
        return { kind: 'full' };
      }
      const job = build();
      await queue.add(job.kind, job, {
        jobId: job.id,
        attempts: 1,
        removeOnComplete: { count: KEEP_FINISHED },
        removeOnFail: { count: KEEP_FINISHED },
      });
      stats.accepted(job.kind, ahead);
      return { kind: 'accepted', position: ahead };
    },
    // The count that decides is in Redis: `offer` reads it before anything is added.
    refuseIfFull: () => false,
    load: () => ({ waiting, running: stats.running() }),
    stats() {
      const kinds = stats.byKind();
      const running = Object.values(kinds).reduce((n, k) => n + k.running, 0);
      return {
        engine: 'bullmq',
        runner: opts.runner,
        waiting,
        running,
        bound: limits.maxWaiting,
        concurrency: limits.concurrency,
        kinds,
      };
    },
    async whenIdle() {
      // Idle across replicas: nothing waiting, delayed or active in Redis.
      for (;;) {
        const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
        // The figure `load` answers with was read by the last offer: after a burst it stayed above 0 (issue 35).
        waiting = counts.waiting ?? waiting;
        if (Object.values(counts).every((n) => n === 0)) return;
        await localIdle();
      }
    },
    async close(drainMs) {
      closed = true;
      if (worker) {
        let timer: NodeJS.Timeout | undefined;
        const drained = await Promise.race([
          worker.close().then(() => true),
          new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), drainMs))),
        ]);
        clearTimeout(timer);
        // Unfinished jobs stay in Redis: another replica takes them once their lock runs out.
        if (!drained) await worker.close(true).catch(() => undefined);
      }
      await queue.close().catch(() => undefined);
    },
  };
}
