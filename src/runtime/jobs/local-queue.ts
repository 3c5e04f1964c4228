/**
 * The in-process engine: at most `maxWaiting` jobs waiting and `concurrency` running, served fairly per person
 * and workspace (./lanes.ts, issue 36). Used without Redis; a job waiting here is lost if the process dies
 * (BullMQ keeps it: ./bull-queue.ts).
 *
 * A waiting job keeps its body as UTF-8 bytes, off the V8 heap (issue 18): a queue at its bound holds hundreds of
 * bodies, ~9 KB each for a submission, for minutes. As strings on the acking thread's heap they were copied by its
 * young-generation collections and then promoted, and the old generation they filled was collected on the acking
 * thread (`--single-threaded-gc`) while it acked.
 */
import type { Logger } from '../../base/log.ts';
import type { Admission, JobQueue, JobRunner, QueueLimits } from './job-queue.ts';
import { JobStats } from './job-stats.ts';
import { defaultLaneMax, Lanes } from './lanes.ts';
import type { SlackJob } from './slack-job.ts';
import { DEFAULT_PACE, WorkPace, type PaceOptions } from './work-pace.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A job in its lane: `run` starts it; `job` reads it back (to find the jobs of a removed installation). */
interface Queued {
  run(): Promise<void>;
  job(): SlackJob;
}

/**
 * What a waiting job is until it runs: its body as bytes. Made here, outside `offer`, on purpose: a closure made in
 * `offer` would share `offer`'s context with the one that runs a job at once, and that context holds the job itself,
 * so every waiting job kept its body string on the heap as well as the bytes.
 */
function waiting(job: SlackJob, work: (job: SlackJob) => Promise<void>): Queued {
  const { body, ...rest } = job;
  const bytes = encoder.encode(body);
  const read = () => ({ ...rest, body: decoder.decode(bytes) });
  return { run: () => work(read()), job: read };
}

export function createLocalQueue(
  run: JobRunner,
  limits: QueueLimits,
  log: Logger,
  runner: 'event-loop' | 'worker-thread' = 'event-loop',
  pace: PaceOptions = DEFAULT_PACE,
): JobQueue {
  const paced = new WorkPace(pace);
  /** Set while a paced start waits for its slice. */
  let resume: NodeJS.Timeout | undefined;
  const lanes = new Lanes<Queued>({
    concurrency: limits.concurrency,
    laneMax: limits.laneMax ?? defaultLaneMax(limits.concurrency),
  });
  const stats = new JobStats();
  let idle: (() => void)[] = [];
  let closed = false;

  async function work(job: SlackJob): Promise<void> {
    await stats.track(job, run).catch((err: unknown) => {
      log.error({ err, kind: job.kind, job: job.id }, 'job could not run');
    });
  }

  // Starts what may start now; a job starts synchronously (as p-queue did), its end starts the next.
  function pump(): void {
    for (let next = takeInPace(); next; next = takeInPace()) {
      paced.started();
      const lane = next.lane;
      void next.item.run().finally(() => {
        lanes.finish(lane);
        pump();
      });
    }
    if (lanes.running === 0 && lanes.waiting === 0 && idle.length > 0) {
      const waiters = idle;
      idle = [];
      for (const resolve of waiters) resolve();
    }
  }

  /** The next job that may start now, within the storm's pace (./work-pace.ts); a paced wait resumes itself. */
  function takeInPace() {
    if (lanes.waiting === 0) return undefined;
    if (paced.allows()) return lanes.take();
    if (!resume)
      resume = setTimeout(() => {
        resume = undefined;
        pump();
      }, paced.wait());
    return undefined;
  }

  const whenIdle = () =>
    lanes.running === 0 && lanes.waiting === 0
      ? Promise.resolve()
      : new Promise<void>((resolve) => idle.push(resolve));

  function refuseIfFull(kindOf: () => string | undefined): boolean {
    if (!closed && lanes.waiting < limits.maxWaiting) return false;
    const kind = kindOf();
    if (kind === undefined) return false;
    stats.refused(kind);
    // A refused request is part of the storm too: counted, the pace holds while the queue is full.
    paced.offered();
    return true;
  }

  return {
    async offer(kind, build, laneGiven): Promise<Admission> {
      if (refuseIfFull(() => kind)) return { kind: 'full' };
      paced.offered();
      const job = build();
      const lane = laneGiven ?? job.lane ?? '';
      const now = lanes.startsNow(lane) && paced.allows();
      const position = now ? 0 : lanes.position(lane);
      stats.accepted(kind, position);
      lanes.add(lane, now ? { run: () => work(job), job: () => job } : waiting(job, work));
      pump();
      return { kind: 'accepted', position };
    },
    refuseIfFull,
    async removeWaiting(drop) {
      // Synchronous: no job starts between the choice and the removal. A choice that throws keeps its job (the
      // run-time guard still stands), so the lanes' counts stay whole.
      const kinds: string[] = [];
      const removed = lanes.remove((queued) => {
        const job = queued.job();
        let gone = false;
        try {
          gone = drop(job);
        } catch (err) {
          log.warn({ err, kind: job.kind }, 'a waiting job could not be checked for removal');
        }
        if (gone) kinds.push(job.kind);
        return gone;
      });
      for (const kind of kinds) stats.removed(kind);
      // The queue may be empty now: pump tells whoever waits for idleness.
      pump();
      return removed;
    },
    load: () => ({ waiting: lanes.waiting, running: lanes.running }),
    stats: () => ({
      engine: 'in-process',
      runner,
      waiting: lanes.waiting,
      running: lanes.running,
      bound: limits.maxWaiting,
      concurrency: limits.concurrency,
      kinds: stats.byKind(),
    }),
    whenIdle,
    async close(drainMs) {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        whenIdle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            log.warn({ waiting: lanes.waiting, running: lanes.running }, 'stopping with jobs unfinished');
            resolve();
          }, drainMs);
        }),
      ]);
      clearTimeout(timer);
      clearTimeout(resume);
      lanes.clear();
    },
  };
}
