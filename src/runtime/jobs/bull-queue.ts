/**
 * The durable engine, where Redis is configured: BullMQ (a maintained queue engine, not a home-made one). A job is
 * in Redis before Slack is acked, any replica's worker takes it, and a job whose replica died mid-work is moved
 * back to waiting by BullMQ's stalled-job check after `lockMs` and taken by another replica (jobs are idempotent
 * through fieldline's claims: a task is created once). Admission is one Redis script before adding: at the bound
 * nothing is added; else the job is counted in its person's lane and gets its BullMQ priority from it
 * (./bull-lanes.ts: a person's 50th job waits behind another's 1st), and the jobs ahead of it are its position.
 * A replica runs at most `laneMax` jobs of one person at once (issue 36), so a burst leaves workers and platform
 * connections free for the next person: a job taken beyond that goes back to BullMQ's delayed set (its priority
 * kept), and each time one of that person's jobs ends here, the oldest put back is promoted. Each is put back
 * once, not polled; if this replica dies meanwhile, they come back by themselves after `lockMs`, like its jobs.
 */
import { DelayedError, Queue, Worker, type ConnectionOptions } from 'bullmq';
import type { Logger } from '../../base/log.ts';
import { bullLanes } from './bull-lanes.ts';
import type { Admission, JobQueue, JobRunner, QueueLimits } from './job-queue.ts';
import { JobStats } from './job-stats.ts';
import { defaultLaneMax } from './lanes.ts';
import { finishedData, type JobSeal } from './job-seal.ts';
import { slackJobSchema, type SlackJob } from './slack-job.ts';
import { DEFAULT_PACE, WorkPace, type PaceOptions } from './work-pace.ts';

const QUEUE_NAME = 'slack-jobs';
/** Finished jobs kept in Redis for inspection (BullMQ removes older ones). */
const KEEP_FINISHED = 1_000;
/** Jobs read from Redis at once when looking for a removed installation's. */
const READ_BATCH = 100;

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
  /** Authenticates each job in Redis (./job-seal.ts). */
  seal: JobSeal;
  /** Job starts in a storm of this replica's requests (./work-pace.ts); default DEFAULT_PACE. */
  pace?: PaceOptions;
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
  const paced = new WorkPace(opts.pace ?? DEFAULT_PACE);
  const { limits, log } = opts;
  const stats = new JobStats();
  const queue = new Queue(QUEUE_NAME, { connection: connection(opts.redisUrl, false), prefix: opts.prefix });
  queue.on('error', (err) => log.warn({ err: err.message }, 'job queue (redis) error'));
  const lanes = bullLanes(queue);
  const laneMax = limits.laneMax ?? defaultLaneMax(limits.concurrency);
  /** This replica's running jobs per lane (the cap is per replica: each has its own workers and connections). */
  const running = new Map<string, number>();
  /** Per lane, the ids of the jobs this replica put back (at the cap), oldest first. */
  const putBack = new Map<string, string[]>();

  /** One of the lane's jobs ended here: the oldest it put back may run now (a stale id is skipped). */
  async function promoteNext(lane: string): Promise<void> {
    const ids = putBack.get(lane);
    for (let id = ids?.shift(); id !== undefined; id = ids?.shift()) {
      if (ids?.length === 0) putBack.delete(lane);
      const promoted = await queue
        .getBackend()
        .promote(id)
        .then(() => true)
        .catch(() => false);
      if (promoted) return;
    }
  }
  /** The last waiting count read (for stats between offers). */
  let waiting = 0;
  const readWaiting = async () => {
    const c = await queue.getJobCounts('waiting', 'prioritized', 'delayed');
    waiting = (c.waiting ?? 0) + (c.prioritized ?? 0) + (c.delayed ?? 0);
  };
  let closed = false;
  let refreshing = false;
  let refreshedAt = 0;

  /** Reads the waiting count again, at most once a second, in the background: stats() shows the last one. */
  function refreshWaiting(): void {
    if (closed || refreshing || Date.now() - refreshedAt < 1_000) return;
    refreshing = true;
    readWaiting()
      .then(
        () => (refreshedAt = Date.now()),
        () => undefined,
      )
      .finally(() => (refreshing = false));
  }

  async function work(job: SlackJob): Promise<void> {
    const lane = job.lane ?? '';
    running.set(lane, (running.get(lane) ?? 0) + 1);
    try {
      await stats.track(job, opts.run);
    } finally {
      const left = (running.get(lane) ?? 1) - 1;
      if (left > 0) running.set(lane, left);
      else running.delete(lane);
      await lanes.done(lane).catch((err: unknown) => log.warn({ err }, 'job lane count not lowered'));
      await promoteNext(lane);
      // After a burst no offer reads the count again: /readyz and /monitor status would keep the burst's.
      refreshWaiting();
    }
  }

  const worker =
    opts.work === false
      ? undefined
      : new Worker(
          QUEUE_NAME,
          async (bullJob, token) => {
            const opened = opts.seal.open(bullJob.data);
            const parsed = slackJobSchema.safeParse(opened);
            if (opened === undefined || !parsed.success) {
              // Not written by a replica with this deployment's secret (or malformed): never run, never kept.
              log.error(
                { job: bullJob.id },
                opened === undefined ? 'unauthenticated job dropped' : 'malformed job dropped',
              );
              await bullJob.updateData({ dropped: true }).catch(() => undefined);
              return;
            }
            // In a storm of this replica's requests its worker starts jobs at the storm's pace; replicas that are
            // not in one take the rest from Redis meanwhile.
            await paced.inPace();
            const lane = parsed.data.lane ?? '';
            // A job whose body names nobody is not capped, as in the in-process queue (./lanes.ts).
            if (lane !== '' && (running.get(lane) ?? 0) >= laneMax) {
              await bullJob.moveToDelayed(Date.now() + opts.lockMs, token);
              const ids = putBack.get(lane) ?? [];
              ids.push(bullJob.id ?? '');
              putBack.set(lane, ids);
              // The lane's jobs may have ended while it was put back: then nothing else would promote it.
              if ((running.get(lane) ?? 0) < laneMax) void promoteNext(lane);
              throw new DelayedError();
            }
            try {
              await work(parsed.data);
            } finally {
              // A finished job stays for inspection without its body (the request, the carried values).
              await bullJob.updateData(finishedData(parsed.data)).catch(() => undefined);
            }
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
    async offer(kind, build, lane = ''): Promise<Admission> {
      if (closed) return { kind: 'full' };
      paced.offered();
      const admitted = await lanes.offer(lane, limits.maxWaiting, lane === '' ? 0 : laneMax);
      waiting = admitted.waiting;
      if (admitted.kind === 'full') {
        stats.refused(kind);
        return { kind: 'full' };
      }
      const job = build();
      try {
        await queue.add(job.kind, opts.seal.seal(job), {
          jobId: job.id,
          attempts: 1,
          priority: admitted.priority,
          removeOnComplete: { count: KEEP_FINISHED },
          removeOnFail: { count: KEEP_FINISHED },
        });
      } catch (err) {
        await lanes.done(lane).catch(() => undefined);
        throw err;
      }
      stats.accepted(job.kind, admitted.ahead);
      return { kind: 'accepted', position: admitted.ahead };
    },
    // The count that decides is in Redis: `offer` reads it before anything is added.
    refuseIfFull: () => false,
    async removeWaiting(drop) {
      // The jobs not taken yet: waiting, prioritized (every lane's job has a priority) and put back at a lane's cap
      // (delayed). `offer` keeps the three together under maxWaiting, so this reads at most that many per state.
      const ids = await queue.getRanges(['wait', 'prioritized', 'delayed'], 0, limits.maxWaiting);
      let removed = 0;
      for (let at = 0; at < ids.length; at += READ_BATCH) {
        const batch = await Promise.all(ids.slice(at, at + READ_BATCH).map((id) => queue.getJob(id)));
        for (const bullJob of batch) {
          // Gone meanwhile (run, removed), or not sealed by this deployment (its worker drops those).
          const parsed = slackJobSchema.safeParse(opts.seal.open(bullJob?.data));
          if (!bullJob?.id || !parsed.success || !drop(parsed.data)) continue;
          // 0: a worker took it meanwhile (it is locked): the run-time guard drops its work.
          if ((await queue.remove(bullJob.id)) !== 1) continue;
          removed += 1;
          // This replica's figures (exact for the jobs it offered; shown clamped at 0, ./job-stats.ts).
          stats.removed(parsed.data.kind);
          const lane = parsed.data.lane ?? '';
          // Counted in its lane when offered; it never ends, so its count is lowered here (fairness, issue 36).
          await lanes.done(lane).catch((err: unknown) => log.warn({ err }, 'job lane count not lowered'));
          // In place: promoteNext may be walking this list.
          const back = putBack.get(lane);
          const index = back?.indexOf(bullJob.id) ?? -1;
          if (index >= 0) back?.splice(index, 1);
          if (back?.length === 0) putBack.delete(lane);
        }
      }
      await readWaiting().catch(() => undefined);
      return removed;
    },
    load: () => ({ waiting, running: stats.running() }),
    stats() {
      refreshWaiting();
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
        waiting = (counts.waiting ?? 0) + (counts.prioritized ?? 0) + (counts.delayed ?? 0);
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
