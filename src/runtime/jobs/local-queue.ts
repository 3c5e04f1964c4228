/**
 * The in-process engine: a FIFO of at most `maxWaiting` jobs and `concurrency` running (p-queue). Used without
 * Redis; a job waiting here is lost if the process dies (BullMQ keeps it: ./bull-queue.ts).
 *
 * A waiting job keeps its body as UTF-8 bytes, off the V8 heap (issue 18): a queue at its bound holds hundreds of
 * bodies, ~9 KB each for a submission, for minutes. As strings on the acking thread's heap they were copied by its
 * young-generation collections and then promoted, and the old generation they filled was collected on the acking
 * thread (`--single-threaded-gc`) while it acked.
 */
import PQueue from 'p-queue';
import type { Logger } from '../../base/log.ts';
import type { Admission, JobQueue, JobRunner, QueueLimits } from './job-queue.ts';
import { JobStats } from './job-stats.ts';
import type { SlackJob } from './slack-job.ts';

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/**
 * What a waiting job is until it runs: its body as bytes. Made here, outside `offer`, on purpose: a closure made in
 * `offer` would share `offer`'s context with the one that runs a job at once, and that context holds the job itself,
 * so every waiting job kept its body string on the heap as well as the bytes.
 */
function waiting(job: SlackJob, work: (job: SlackJob) => Promise<void>): () => Promise<void> {
  const { body, ...rest } = job;
  const bytes = encoder.encode(body);
  return () => work({ ...rest, body: decoder.decode(bytes) });
}

export function createLocalQueue(
  run: JobRunner,
  limits: QueueLimits,
  log: Logger,
  runner: 'event-loop' | 'worker-thread' = 'event-loop',
): JobQueue {
  const queue = new PQueue({ concurrency: limits.concurrency });
  const stats = new JobStats();
  let closed = false;

  async function work(job: SlackJob): Promise<void> {
    await stats.track(job, run).catch((err: unknown) => {
      log.error({ err, kind: job.kind, job: job.id }, 'job could not run');
    });
  }

  function refuseIfFull(kindOf: () => string | undefined): boolean {
    if (!closed && queue.size < limits.maxWaiting) return false;
    const kind = kindOf();
    if (kind === undefined) return false;
    stats.refused(kind);
    return true;
  }

  return {
    async offer(kind, build): Promise<Admission> {
      if (refuseIfFull(() => kind)) return { kind: 'full' };
      const job = build();
      const position = queue.pending >= limits.concurrency ? queue.size + 1 : 0;
      stats.accepted(kind, position);
      void queue.add(position === 0 ? () => work(job) : waiting(job, work));
      return { kind: 'accepted', position };
    },
    refuseIfFull,
    load: () => ({ waiting: queue.size, running: queue.pending }),
    stats: () => ({
      engine: 'in-process',
      runner,
      waiting: queue.size,
      running: queue.pending,
      bound: limits.maxWaiting,
      concurrency: limits.concurrency,
      kinds: stats.byKind(),
    }),
    whenIdle: () => queue.onIdle(),
    async close(drainMs) {
      closed = true;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        queue.onIdle(),
        new Promise<void>((resolve) => {
          timer = setTimeout(() => {
            log.warn({ waiting: queue.size, running: queue.pending }, 'stopping with jobs unfinished');
            resolve();
          }, drainMs);
        }),
      ]);
      clearTimeout(timer);
      queue.clear();
    },
  };
}
