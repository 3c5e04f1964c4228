/**
 * Ack benchmark, the app under test (its own process): either fieldline's Slack app wired like main.ts
 * (sqlite store, monitoring client, every surface registered, info-level JSON logs to /dev/null; its own receiver,
 * src/runtime/signed-receiver.ts), or a bare Bolt app with Bolt's stock HTTPReceiver (signature checks,
 * processBeforeResponse false) whose listeners only ack.
 *   argv: fieldline|bare; env: BENCH_SANDBOX_URL, BENCH_API_KEY, BENCH_SLACK_API_URL, BENCH_SIGNING_SECRET,
 *   BENCH_BOT_TOKEN
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import { join } from 'node:path';
import { App, HTTPReceiver } from '@slack/bolt';
import { pino } from 'pino';
import { loadConfig } from '../../src/base/config.ts';
import { systemClock } from '../../src/base/deps.ts';
import { composeDeps } from '../../src/main/compose.ts';
import { createLogger, slackLogger } from '../../src/base/log.ts';
import { createSlackApp } from '../../src/runtime/app.ts';
import { openStore } from '../../src/store/open-store.ts';
import { setUpJobs } from '../../src/main/jobs-setup.ts';
import { serveParent } from '../lib/child.ts';
import { BENCH_METRICS_TOKEN } from '../lib/metrics-scrape.ts';
import { statCpuMs } from '../lib/proc-stat.ts';

function env(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

const mode = process.argv[2] === 'bare' ? 'bare' : 'fieldline';
const signingSecret = env('BENCH_SIGNING_SECRET');
const botToken = env('BENCH_BOT_TOKEN');
const slackApiUrl = env('BENCH_SLACK_API_URL');
const apiKey = env('BENCH_API_KEY');
const log = createLogger({
  level: 'info',
  secrets: [signingSecret, botToken, apiKey],
  destination: pino.destination({ dest: '/dev/null', sync: false }),
});

interface Running {
  port: number;
  /** Resolves once no request is handled and no job waits or runs (fieldline; bare at once). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

async function startFieldline(): Promise<Running> {
  const dir = await mkdtemp(join(tmpdir(), 'fieldline-bench-'));
  const config = loadConfig({
    SLACK_BOT_TOKEN: botToken,
    SLACK_SIGNING_SECRET: signingSecret,
    SLACK_API_URL: slackApiUrl,
    STORE_URL: process.env.BENCH_STORE ?? `sqlite://${join(dir, 'fieldline.sqlite')}`,
    LOG_LEVEL: 'info',
    // The bench measures request handling, not key lookups: everyone acts with the sandbox's full key.
    ACCESS_MODE: 'shared',
    // Metrics on, as in production (issue 42): recorded on every ack and job, and /metrics served on this port.
    METRICS_TOKEN: BENCH_METRICS_TOKEN,
    // The job queue as configured in main.ts unless the run says otherwise (JOB_RUNNER, JOB_CONCURRENCY, …).
    ...Object.fromEntries(Object.entries(process.env).filter(([k]) => k.startsWith('JOB_'))),
  });
  const store = await openStore(config.store, { log });
  const composed = composeDeps({
    config,
    log,
    store,
    clock: systemClock,
    platform: { baseUrl: env('BENCH_SANDBOX_URL'), sharedKey: apiKey },
  });
  const deps = composed.deps;
  // Like main.ts: jobs behind a bounded queue, run in a worker thread; BullMQ when the store is Redis.
  const jobs = setUpJobs({
    config,
    log,
    store,
    platform: { baseUrl: env('BENCH_SANDBOX_URL'), sharedKey: apiKey },
    botToken,
    slackApiUrl,
    secrets: [signingSecret, botToken, apiKey],
    pretty: false,
    logFile: '/dev/null',
  });
  const slack = createSlackApp(deps, {
    jobQueue: jobs.jobQueue,
    ...composed.slackOptions,
    mode: 'http',
    port: 0,
    host: '127.0.0.1',
    signingSecret,
    botToken,
    slackApiUrl,
  });
  const { port } = await slack.start();
  // Scraped from outside (the load generator, bench/ack-latency.ts), as Prometheus would: only the exposition's
  // cost is the app's, not a client's.
  return {
    port,
    idle: () => slack.whenIdle(),
    async stop() {
      await slack.stop();
      await jobs.close();
      await composed.close();
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function startBare(): Promise<Running> {
  const logger = slackLogger(log);
  const receiver = new HTTPReceiver({
    signingSecret,
    endpoints: '/slack/events',
    processBeforeResponse: false,
    logger,
  });
  const app = new App({ token: botToken, receiver, logger, clientOptions: { slackApiUrl } });
  app.command(/.*/, async ({ ack }) => ack());
  app.view(/.*/, async ({ ack }) => ack());
  const server = createServer((req, res) => receiver.requestListener(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address !== null && typeof address === 'object' ? address.port : 0;
  return {
    port,
    idle: async () => undefined,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** CPU time (ms) of this process's main thread, the one that acks (Linux: /proc; elsewhere NaN). */
function ackThreadCpuMs(): number {
  try {
    return statCpuMs(`/proc/self/task/${process.pid}/stat`);
  } catch {
    return Number.NaN;
  }
}

const running = mode === 'bare' ? await startBare() : await startFieldline();
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
let cpu = process.cpuUsage();
let ackCpu = ackThreadCpuMs();
/** The acking thread's garbage-collection pauses (ms) since the last `loop` call. */
let gcPauses: number[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) gcPauses.push(entry.duration);
}).observe({ entryTypes: ['gc'] });
serveParent(
  {
    port: () => running.port,
    rss: () => process.memoryUsage().rss,
    idle: () => running.idle(),
    /** Event-loop delay (ms), CPU time (ms, all threads) and the acking thread's CPU time since the last call. */
    loop: () => {
      const used = process.cpuUsage(cpu);
      const ackNow = ackThreadCpuMs();
      const out = {
        p99: loop.percentile(99) / 1e6,
        max: loop.max / 1e6,
        cpuMs: (used.user + used.system) / 1000,
        ackThreadCpuMs: ackNow - ackCpu,
        gc: {
          count: gcPauses.length,
          totalMs: gcPauses.reduce((a, b) => a + b, 0),
          maxMs: gcPauses.reduce((a, b) => Math.max(a, b), 0),
          over5ms: gcPauses.filter((d) => d > 5).length,
        },
      };
      gcPauses = [];
      loop.reset();
      cpu = process.cpuUsage();
      ackCpu = ackNow;
      return out;
    },
  },
  () => running.stop(),
);

// BENCH_ALLOC_DIR=dir: a sampling profile of everything this app allocates (collected objects included), written to
// dir every 3 s — where the acking thread's garbage comes from (docs/decisions/0010-storm-pace.md).
if (process.env.BENCH_ALLOC_DIR) {
  const { Session } = await import('node:inspector/promises');
  const { writeFileSync } = await import('node:fs');
  const session = new Session();
  session.connect();
  await session.post('HeapProfiler.startSampling', {
    samplingInterval: 16384,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  } as never);
  setInterval(async () => {
    const { profile } = (await session.post('HeapProfiler.getSamplingProfile')) as { profile: unknown };
    writeFileSync(
      `${process.env.BENCH_ALLOC_DIR}/${mode}-${process.pid}.heapprofile`,
      JSON.stringify(profile),
    );
  }, 3000).unref();
}
