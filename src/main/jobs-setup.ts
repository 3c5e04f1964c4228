/**
 * Chooses how accepted Slack requests become work (issue 18), for main.ts and the benchmarks: the engine (BullMQ
 * when the store is Redis, so jobs survive a replica and any replica takes them; in-process otherwise) and where
 * jobs run (a worker thread by default, so acks never wait behind work; JOB_RUNNER=event-loop runs them on the
 * acking loop).
 */
import type { JobAppSettings, JobThreadData } from './job-thread.ts';
import { createBullQueue } from '../runtime/jobs/bull-queue.ts';
import { jobSeal } from '../runtime/jobs/job-seal.ts';
import type { JobQueue, JobRunner } from '../runtime/jobs/job-queue.ts';
import { defaultLaneMax } from '../runtime/jobs/lanes.ts';
import { createLocalQueue } from '../runtime/jobs/local-queue.ts';
import {
  createThreadRunner,
  JobThreadUnavailableError,
  type ThreadRunner,
} from '../runtime/jobs/thread-runner.ts';
import type { Logger } from '../base/log.ts';
import { MAX_CONNECTIONS } from '../monitoring/http.ts';
import type { Store } from '../store/store.ts';

export interface JobsSetupOptions extends JobAppSettings {
  log: Logger;
  store: Store;
}

export interface JobsSetup {
  /** SlackAppOptions.jobQueue. */
  jobQueue(runHere: JobRunner): JobQueue;
  /** Resolves once the job thread's app is built (at once without a thread). */
  ready(): Promise<void>;
  /** Stops the job thread (after the app stopped taking and finishing jobs). */
  close(): Promise<void>;
}

const entry = new URL(
  import.meta.url.endsWith('.ts') ? './job-thread.ts' : './job-thread.js',
  import.meta.url,
);

export function setUpJobs(opts: JobsSetupOptions): JobsSetup {
  const { config, log } = opts;
  const redis = config.store.kind === 'redis' ? config.store.url : undefined;
  // sqlite and Redis: the thread opens its own connection (sqlite `add` is one atomic statement, Redis is
  // atomic), so the acking thread serves none of the work's store calls. memory:// lives in this thread only.
  const ownStore = config.store.kind !== 'memory' && opts.store.kind !== 'memory';
  let thread: ThreadRunner | undefined;
  if (config.jobs.runner === 'thread') {
    const data: JobThreadData = {
      config,
      platform: opts.platform,
      botToken: opts.botToken,
      slackApiUrl: opts.slackApiUrl,
      secrets: opts.secrets,
      pretty: opts.pretty,
      ...(opts.logFile ? { logFile: opts.logFile } : {}),
      storeKind: opts.store.kind,
      ownStore,
    };
    thread = createThreadRunner({
      entry,
      workerData: data,
      ...(ownStore ? {} : { store: opts.store }),
      log: log.child({ module: 'jobs' }),
    });
  }
  const limits = {
    concurrency: config.jobs.concurrency,
    maxWaiting: config.jobs.maxWaiting,
    // One person's jobs leave half the platform connections to others (issue 36: 16 connections, so 8).
    laneMax: config.jobs.laneMax ?? defaultLaneMax(config.jobs.concurrency, MAX_CONNECTIONS),
  };
  const where = thread ? 'worker-thread' : 'event-loop';
  return {
    jobQueue(runHere) {
      // A job the thread could not run (it crashed or could not start) runs here instead: slower, not lost.
      const inThread = thread;
      const run: JobRunner = inThread
        ? (job) =>
            inThread.run(job).catch((err: unknown) => {
              if (!(err instanceof JobThreadUnavailableError)) throw err;
              log.error({ err, kind: job.kind }, 'job thread failed; running the job on the main event loop');
              return runHere(job);
            })
        : runHere;
      // Built now, so the first request does not wait for the thread's app to start.
      thread?.ready().catch((err: unknown) => log.error({ err }, 'job thread could not start'));
      log.info({ engine: redis ? 'bullmq' : 'in-process', runner: where, ...limits }, 'job queue');
      const queue = redis
        ? createBullQueue({
            redisUrl: redis,
            prefix: `${config.storePrefix}jobs`,
            limits,
            lockMs: config.jobs.lockSeconds * 1_000,
            run,
            runner: where,
            log: log.child({ module: 'jobs' }),
            seal: jobSeal(jobSecret(config)),
          })
        : createLocalQueue(run, limits, log.child({ module: 'jobs' }), where);
      // /readyz (issue 42): a job thread that cannot start leaves the work on the acking loop.
      queue.health = () => (inThread && !inThread.healthy() ? 'JOB_THREAD_DOWN' : 'ok');
      return queue;
    },
    async ready() {
      await thread?.ready();
    },
    async close() {
      await thread?.close();
    },
  };
}

/** The secret jobs in Redis are authenticated with: the same as the metadata seal's (every replica has it). */
function jobSecret(config: JobsSetupOptions['config']): string | Buffer {
  const secret = config.access.encryptionKey ?? config.slack.signingSecret ?? config.slack.botToken;
  // A Redis deployment always has Slack credentials (config refuses one without); the fallback is unreachable.
  return secret ?? 'fieldline-no-secret';
}
