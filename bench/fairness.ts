/**
 * Fairness (issue 36): one person's burst must not delay everyone else's answers. Person B sends `/task list` once a
 * second; each answer's time is from the command's scheduled send to the arrival of B's response_url answer at the
 * stand-in. Measured alone, and while person A sends `readings` `/reading 1008 24h` in `burstMs` against a platform
 * that answers A's reading calls (GET /reading) after 2.5 s (B's calls are answered at once). Rounds alternate
 * (alone then burst, then burst then alone, …); after each the platform answers at once until the queue is empty.
 * Each engine in turn: the in-process queue (sqlite store, as main.ts), then BullMQ on a private redis-server when
 * one is installed. Processes as in the ack benchmark (./ack-latency.ts): app, sandbox + stand-in, this one.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { RUNTIME_FLAGS } from '../src/base/runtime-flags.ts';
import { redisServerInstalled, startRedisServer, type RedisServer } from '../test/setup/redis-server.ts';
import { countOutcomes, type OutcomeCounts } from './lib/ack-outcome.ts';
import { startChild, type Child } from './lib/child.ts';
import { openLoop, signedPost } from './lib/load.ts';
import { appChildEnv, type PlatformInfo } from './lib/platform-info.ts';
import { playRemote } from './lib/play-remote.ts';
import { readyzUrl, waitForEmptyQueue } from './lib/readyz.ts';
import { commandBody } from './lib/slack-bodies.ts';
import { median, percentile } from './lib/stats.ts';

export const FAIR_TARGET_RATIO = 1.2;
export const READING_PLATFORM_MS = 2_500;
const PERSON_A = 'U0ANA';
const PERSON_B = 'U0BEN';
const DRAIN_TIMEOUT_MS = 300_000;

export interface FairRun {
  /** B's answer times (ms), in send order; Infinity: never answered. */
  answersMs: number[];
  p95: number;
  missing: number;
  /** A's acks during a burst run. */
  aOutcomes?: OutcomeCounts;
}

export interface FairEngine {
  engine: 'in-process' | 'bullmq';
  alone: FairRun[];
  burst: FairRun[];
  /** Median over rounds of B's p95. */
  aloneP95: number;
  burstP95: number;
  ratio: number;
  met: boolean;
}

export interface FairResult {
  windowMs: number;
  rounds: number;
  readings: number;
  burstMs: number;
  platformMs: number;
  engines: FairEngine[];
  /** Why BullMQ was not measured, if it was not. */
  bullSkipped?: string;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));
const epoch = (t = performance.now()) => performance.timeOrigin + t;

async function startApp(info: PlatformInfo, store?: string): Promise<{ child: Child; url: string }> {
  const child = startChild(
    here('./children/ack-app.ts'),
    ['fieldline'],
    { ...appChildEnv(info), ...(store ? { BENCH_STORE: store } : {}) },
    [...RUNTIME_FLAGS],
  );
  await child.ready;
  const port = await child.request<number>('port');
  return { child, url: `http://127.0.0.1:${port}/slack/events` };
}

interface Round {
  platform: Child;
  info: PlatformInfo;
  appUrl: string;
  windowMs: number;
  readings: number;
  burstMs: number;
  log(line: string): void;
}

/** B's commands, once a second from `startAt` for the window; A's burst from `startAt` - 500 ms when `burst`. */
async function round(r: Round, burst: boolean): Promise<FairRun> {
  const count = Math.max(1, Math.round(r.windowMs / 1000));
  const answers = await r.platform.request<[string, string][]>('answerUrls', { count });
  const aUrls = burst ? await r.platform.request<string[]>('responseUrls', { count: r.readings }) : [];
  const pool = new Pool(new URL(r.appUrl).origin, { connections: 8 });
  const path = new URL(r.appUrl).pathname;
  const startAt = performance.now() + 600;
  const sentAt: number[] = [];
  const aLoad = burst
    ? sleep(100).then(() =>
        openLoop({
          url: r.appUrl,
          signingSecret: r.info.signingSecret,
          rate: r.readings / (r.burstMs / 1000),
          durationMs: r.burstMs,
          make: (i) => commandBody({ ...r.info, user: PERSON_A }, '/reading', '1008 24h', aUrls[i] ?? ''),
        }),
      )
    : undefined;
  const acks: Promise<unknown>[] = [];
  for (const [i, [, url]] of answers.entries()) {
    const at = startAt + i * 1000;
    const wait = at - performance.now();
    if (wait > 1) await sleep(wait);
    sentAt.push(epoch(at));
    const req = commandBody({ ...r.info, user: PERSON_B }, '/task', 'list', url);
    acks.push(signedPost(pool, path, r.info.signingSecret, req));
  }
  await Promise.all(acks);
  const aResult = await aLoad;
  // B's answers as long as they take (bounded): the platform stays slow for A meanwhile.
  const ids = answers.map(([id]) => id);
  const deadline = performance.now() + 120_000;
  let got: Record<string, number> = {};
  for (;;) {
    got = await r.platform.request<Record<string, number>>('answers', { ids });
    if (Object.keys(got).length === ids.length || performance.now() > deadline) break;
    await sleep(250);
  }
  await pool.close();
  const answersMs = ids.map((id, i) => (got[id] === undefined ? Infinity : got[id] - (sentAt[i] ?? 0)));
  return {
    answersMs,
    p95: percentile(answersMs, 95),
    missing: answersMs.filter((ms) => !Number.isFinite(ms)).length,
    ...(aResult ? { aOutcomes: countOutcomes(aResult.samples.map((s) => s.outcome)) } : {}),
  };
}

async function drain(r: Round): Promise<void> {
  await r.platform.request('slow', { latencyMs: 0 });
  const done = await waitForEmptyQueue(readyzUrl(r.appUrl), DRAIN_TIMEOUT_MS);
  if (!done.drained) r.log(`fair: the queue did not drain in ${DRAIN_TIMEOUT_MS / 1000} s`);
  await r.platform.request('slowPath', { endpoint: 'GET /reading', latencyMs: READING_PLATFORM_MS });
}

async function measureEngine(
  engine: FairEngine['engine'],
  base: Omit<Round, 'appUrl'>,
  rounds: number,
  store?: string,
): Promise<FairEngine> {
  const app = await startApp(base.info, store);
  const r: Round = { ...base, appUrl: app.url };
  const alone: FairRun[] = [];
  const burst: FairRun[] = [];
  try {
    // Warm-up, unmeasured: both kinds of job once, every cache and the chart renderer started.
    await r.platform.request('slow', { latencyMs: 0 });
    await round({ ...r, windowMs: 3_000, readings: 10, burstMs: 1_000 }, true);
    await drain(r);
    for (let i = 0; i < rounds; i++) {
      for (const withBurst of i % 2 === 0 ? [false, true] : [true, false]) {
        const run = await round(r, withBurst);
        (withBurst ? burst : alone).push(run);
        const a = run.aOutcomes;
        r.log(
          `fair ${engine} round ${i + 1} ${withBurst ? 'burst' : 'alone'}: B p95 ${run.p95.toFixed(0)} ms, max ${Math.max(...run.answersMs).toFixed(0)} ms, ${run.missing} unanswered` +
            (a
              ? `; A's acks ${a.accepted} accepted / ${a.queued} queued / ${a.refused} refused / ${a.failed} failed`
              : ''),
        );
        await drain(r);
      }
    }
  } finally {
    await app.child.stop(10_000);
  }
  const aloneP95 = median(alone.map((x) => x.p95));
  const burstP95 = median(burst.map((x) => x.p95));
  const ratio = burstP95 / aloneP95;
  return { engine, alone, burst, aloneP95, burstP95, ratio, met: ratio <= FAIR_TARGET_RATIO };
}

export async function runFairness(opts: {
  windowMs: number;
  rounds: number;
  readings: number;
  burstMs: number;
  log(line: string): void;
}): Promise<FairResult> {
  const platform = startChild(here('./children/ack-platform.ts'));
  await platform.ready;
  playRemote(platform.process.pid);
  const info = await platform.request<PlatformInfo>('info');
  const base = {
    platform,
    info,
    windowMs: opts.windowMs,
    readings: opts.readings,
    burstMs: opts.burstMs,
    log: opts.log,
  };
  const engines: FairEngine[] = [];
  let redis: RedisServer | undefined;
  let bullSkipped: string | undefined;
  try {
    await platform.request('slowPath', { endpoint: 'GET /reading', latencyMs: READING_PLATFORM_MS });
    engines.push(await measureEngine('in-process', base, opts.rounds));
    if (redisServerInstalled()) {
      redis = await startRedisServer();
      engines.push(await measureEngine('bullmq', base, opts.rounds, redis.url));
    } else bullSkipped = 'no redis-server on PATH';
  } finally {
    await redis?.dispose();
    await platform.stop();
  }
  return {
    windowMs: opts.windowMs,
    rounds: opts.rounds,
    readings: opts.readings,
    burstMs: opts.burstMs,
    platformMs: READING_PLATFORM_MS,
    engines,
    ...(bullSkipped ? { bullSkipped } : {}),
  };
}
