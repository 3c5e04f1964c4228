/**
 * Runs jobs in a worker thread, so the event loop that verifies and acks Slack's requests never waits behind
 * their work (page parsing, rendering, date math, GC of big answers: issue 18). The thread builds its own app
 * from `workerData` (the composition root's src/main/job-thread.ts) and answers `done` per job; the store it uses is
 * this thread's (./store-proxy.ts) unless it opens its own (sqlite, Redis). A thread that dies fails its running jobs
 * (logged, counted) and is started again for the next one.
 */
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Logger } from '../../base/log.ts';
import { workersGetDefaultYoungGeneration } from '../../base/runtime-flags.ts';
import type { Store } from '../../store/store.ts';
import type { JobRunner } from './job-queue.ts';
import type { SlackJob } from './slack-job.ts';
import { answerStoreCall, isStoreCall } from './store-proxy.ts';

export interface ThreadRunnerOptions {
  /** The thread's entry module (a .ts entry runs with tsx, as in development). */
  entry: URL;
  /** What the entry needs to build its app (structured-cloned). */
  workerData: unknown;
  /** Answers the thread's store calls, unless the thread opens its own (sqlite, Redis). */
  store?: Store;
  log: Logger;
}

export interface ThreadRunner {
  run: JobRunner;
  /** Resolves once the thread's app is built (the first job would wait for it anyway). */
  ready(): Promise<void>;
  /** The thread's Linux thread id, as it said when ready (it lowered its priority: src/base/thread-priority.ts). */
  tid(): number | undefined;
  /** False after the thread could not start, until it starts again (jobs then run on the main loop: /readyz). */
  healthy(): boolean;
  close(): Promise<void>;
}

/** The thread could not run a job at all (it died, or never started): the job itself did not fail. */
export class JobThreadUnavailableError extends Error {
  override name = 'JobThreadUnavailableError';
}

type FromThread =
  | { t: 'ready'; tid?: number }
  | { t: 'done'; id: string; ok: boolean; error?: string }
  | { t: 'failed-start'; error: string };

/**
 * Development and tests run TypeScript: the thread registers tsx's loader itself (a worker does not reliably
 * inherit the parent's loader hooks), then imports the entry. The built app (dist/) starts the .js entry directly.
 */
/** A development dependency: reached only when the entry is TypeScript, which the built app (dist/) never is. */
const DEV_LOADER = 'tsx/package.json';

function tsxBootstrap(entry: URL): string {
  const tsxRoot = dirname(createRequire(import.meta.url).resolve(DEV_LOADER));
  const api = pathToFileURL(join(tsxRoot, 'dist', 'esm', 'api', 'index.mjs')).href;
  return `import(${JSON.stringify(api)}).then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
}

type Waiter = { resolve(): void; reject(e: Error): void };

export function createThreadRunner(opts: ThreadRunnerOptions): ThreadRunner {
  // Per job id, the runs waiting for the thread's answer, oldest first: one id can be run twice at once (BullMQ
  // takes over a job whose lock lapsed while it still runs here), and each run must get an answer (issue 35).
  const pending = new Map<string, Waiter[]>();
  let worker: Worker | undefined;
  let readyPromise: Promise<void> | undefined;
  let closing = false;
  let tid: number | undefined;
  let startFailed = false;

  function failAll(reason: string): void {
    for (const [id, runs] of pending) {
      pending.delete(id);
      for (const p of runs) p.reject(new JobThreadUnavailableError(reason));
    }
  }

  /** The oldest run of `id` still waiting, taken out. */
  function take(id: string): Waiter | undefined {
    const runs = pending.get(id);
    const first = runs?.shift();
    if (runs?.length === 0) pending.delete(id);
    return first;
  }

  function start(): Promise<void> {
    // The acking thread's small young generation (../../base/runtime-flags.ts) is not for the job thread's work.
    workersGetDefaultYoungGeneration();
    const started = opts.entry.pathname.endsWith('.ts')
      ? new Worker(tsxBootstrap(opts.entry), { eval: true, workerData: opts.workerData })
      : new Worker(opts.entry, { workerData: opts.workerData });
    worker = started;
    readyPromise = new Promise<void>((resolve, reject) => {
      started.on('message', (m: unknown) => {
        if (isStoreCall(m)) {
          if (opts.store) void answerStoreCall(opts.store, m, (r) => started.postMessage(r));
          return;
        }
        const msg = m as FromThread;
        if (msg.t === 'ready') {
          tid = msg.tid;
          startFailed = false;
          return resolve();
        }
        if (msg.t === 'failed-start') {
          startFailed = true;
          // Ended, so the next job starts a new thread (its exit handler clears this one).
          void started.terminate();
          return reject(new JobThreadUnavailableError(`job thread could not start: ${msg.error}`));
        }
        if (msg.t === 'done') {
          const p = take(msg.id);
          if (msg.ok) p?.resolve();
          else p?.reject(new Error(msg.error ?? 'job failed'));
        }
      });
      started.on('error', (err) => {
        opts.log.error({ err }, 'job thread crashed');
        reject(new JobThreadUnavailableError(err.message));
      });
      started.on('exit', (code) => {
        if (worker === started) {
          worker = undefined;
          readyPromise = undefined;
        }
        if (!closing) opts.log.error({ code }, 'job thread stopped; its running jobs failed');
        failAll('job thread stopped');
      });
    });
    return readyPromise;
  }

  const ready = () => readyPromise ?? start();

  return {
    ready,
    tid: () => (worker ? tid : undefined),
    healthy: () => !startFailed,
    async run(job: SlackJob) {
      await ready();
      const w = worker;
      if (!w) throw new JobThreadUnavailableError('job thread not running');
      await new Promise<void>((resolve, reject) => {
        const runs = pending.get(job.id);
        if (runs) runs.push({ resolve, reject });
        else pending.set(job.id, [{ resolve, reject }]);
        w.postMessage({ t: 'job', job });
      });
    },
    async close() {
      closing = true;
      const w = worker;
      worker = undefined;
      if (w) await w.terminate();
    },
  };
}
