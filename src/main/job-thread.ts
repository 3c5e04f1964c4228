/**
 * Entry of the job thread (src/runtime/jobs/thread-runner.ts): builds the same app as main.ts without a receiver and
 * runs the jobs it is handed, so the thread that verifies and acks Slack's requests never waits behind work. It
 * opens the sqlite file or Redis itself (a memory store is the main thread's, over the port). Logs go straight to
 * the same file descriptor as the main thread's, not through it.
 */
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { pino } from 'pino';
import { composeDeps, homeWorkspaceResolver } from './compose.ts';
import type { Config } from '../base/config.ts';
import { systemClock } from '../base/deps.ts';
import { createSlackApp } from '../runtime/app.ts';
import { hostJobs } from '../runtime/jobs/thread-host.ts';
import { workEvent } from '../runtime/jobs/slack-job.ts';
import { proxyStore } from '../runtime/jobs/store-proxy.ts';
import { createLogger } from '../base/log.ts';
import { lowerThreadPriority } from '../base/thread-priority.ts';
import { openStore } from '../store/open-store.ts';
import { serveThreadMetrics } from '../ops/index.ts';
import type { Store } from '../store/store.ts';

/** What the composition root knows of the app a job thread builds (structured-cloned: a Buffer arrives as a Uint8Array). */
export interface JobAppSettings {
  config: Config;
  platform: { baseUrl: string; sharedKey: string };
  botToken: string;
  slackApiUrl: string;
  secrets: string[];
  pretty: boolean;
  /** A log file instead of standard output (the benchmarks: /dev/null). */
  logFile?: string;
}

/** What main.ts hands the thread. */
export interface JobThreadData extends JobAppSettings {
  storeKind: Store['kind'];
  /** sqlite, Redis: the thread opens its own connection; memory: it uses the main thread's store. */
  ownStore: boolean;
}

async function start(port: NonNullable<typeof parentPort>, data: JobThreadData): Promise<void> {
  const { encryptionKey: key, previousEncryptionKeys: previous } = data.config.access;
  const config: Config = {
    ...data.config,
    access: {
      ...data.config.access,
      encryptionKey: key ? Buffer.from(key) : undefined,
      previousEncryptionKeys: previous.map((k) => Buffer.from(k)),
    },
  };
  const log = createLogger({
    level: config.logLevel,
    secrets: data.secrets,
    pretty: data.pretty,
    ...(data.logFile ? { destination: pino.destination({ dest: data.logFile, sync: false }) } : {}),
  }).child({ thread: 'jobs' });
  // Work yields to acks (issue 36); threads started from here on (the chart renderer) inherit the lower priority.
  const tid = lowerThreadPriority(log);
  const proxy = data.ownStore ? undefined : proxyStore(port, data.storeKind);
  const store = proxy?.store ?? (await openStore(config.store, { log, keyPrefix: config.storePrefix }));
  const composed = composeDeps({
    config,
    log,
    store,
    clock: systemClock,
    platform: data.platform,
    slackApiUrl: data.slackApiUrl,
  });
  // The bot token's own workspace keeps the default relay's records (issue 39), as on the main thread.
  composed.deps.connections.setHome(homeWorkspaceResolver(data.botToken, data.slackApiUrl));
  const slack = createSlackApp(composed.deps, {
    mode: 'jobs',
    port: 0,
    botToken: data.botToken,
    slackApiUrl: data.slackApiUrl,
    ...composed.slackOptions,
  });
  // The work's platform and Slack calls are counted here; /metrics asks for them at each scrape (issue 42).
  serveThreadMetrics(threadId);
  hostJobs(port, (job) => slack.app.processEvent(workEvent(job)), proxy?.onReply ?? (() => undefined), tid);
}

if (parentPort) {
  const port = parentPort;
  start(port, workerData as JobThreadData).catch((err: unknown) => {
    port.postMessage({ t: 'failed-start', error: err instanceof Error ? err.message : String(err) });
  });
}
