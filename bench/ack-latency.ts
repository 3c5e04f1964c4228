/**
 * Benchmark 1 — ack latency. Signed slash commands and task-modal submissions over HTTP at each rate, open
 * loop, while every monitoring call takes 2.5 s; the same load against a bare Bolt app (Bolt's stock HTTPReceiver)
 * that only acks. Three processes: this one generates load, one runs the app, one runs the sandbox and stand-in.
 * Every ack is classified by its body (accepted, queued with its position, refused busy: ./lib/ack-outcome.ts);
 * after each fieldline run the bench waits (bounded, polling /readyz) until the job queue is empty and checks
 * that every accepted job finished (done or failed), samples the app's RSS and counts its CPU over run + drain.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { RUNTIME_FLAGS } from '../src/base/runtime-flags.ts';
import { appChildEnv, type PlatformInfo } from './lib/platform-info.ts';
import { signal, startChild, type Child } from './lib/child.ts';
import { scrapeWhileRunning } from './lib/metrics-scrape.ts';
import { playRemote } from './lib/play-remote.ts';
import {
  describeRun,
  jobsCheck,
  SLACK_LIMIT_MS,
  summarize,
  type AckCell,
  type AckResult,
  type GcPauses,
  type JobsCheck,
} from './lib/ack-run.ts';
import { openLoop, type LoadRequest } from './lib/load.ts';
import { kdamondCpuMs } from './lib/host-reclaim.ts';
import { samplePeakRss } from './lib/peak-rss.ts';
import { jobTotals, readyzUrl, waitForEmptyQueue } from './lib/readyz.ts';
import { mixedRequest } from './lib/slack-bodies.ts';
import { median } from './lib/stats.ts';

export const SLOW_PLATFORM_MS = 2_500;
export { SLACK_LIMIT_MS };
export type { AckCell, AckResult, AckRun, GcPauses, JobsCheck } from './lib/ack-run.ts';
export const P99_TARGET_RATIO = 1.3;
/** Issue 18's baseline (docs/benchmarks.md before the job queue): app CPU per request at 50 req/s. */
export const CPU_BASELINE_MS = 14.1;
/** Target: CPU per request at least halved against the baseline. */
export const CPU_TARGET_MS = CPU_BASELINE_MS / 2;
/** The stated memory bound for the app process (all threads) under saturation. */
export const RSS_BOUND_BYTES = 768 * 1024 * 1024;
/** How long the bench waits for the queue to empty after a run before it calls the run undrained. */
export const DRAIN_TIMEOUT_MS = 300_000;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** fieldline's Node flags: RUNTIME_FLAGS, or BENCH_APP_FLAGS (space-separated; empty: Node's defaults) to try others. */
const fieldlineFlags = (): readonly string[] =>
  process.env.BENCH_APP_FLAGS === undefined
    ? RUNTIME_FLAGS
    : process.env.BENCH_APP_FLAGS.split(' ').filter(Boolean);

async function startApp(
  mode: 'fieldline' | 'bare',
  info: PlatformInfo,
  env: Record<string, string> = {},
): Promise<{ child: Child; url: string }> {
  const profile = process.env.BENCH_PROFILE_DIR;
  const child = startChild(here('./children/ack-app.ts'), [mode], { ...appChildEnv(info), ...env }, [
    ...(profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : []),
    // fieldline as it is run (npm start, the Dockerfile); bare Bolt with Node's defaults.
    ...(mode === 'fieldline' ? fieldlineFlags() : []),
  ]);
  await child.ready;
  const port = await child.request<number>('port');
  return { child, url: `http://127.0.0.1:${port}/slack/events` };
}

/** What a run sends: how many response_urls a run of `total` requests needs, and request `i`. */
export interface AckLoad {
  urls(total: number): number;
  make(info: PlatformInfo, template: string, urls: string[], run: string, i: number): LoadRequest;
}

/** Section 1's mix: half task-modal submissions, half commands. */
export const MIXED_LOAD: AckLoad = { urls: (total) => Math.ceil(total / 2), make: mixedRequest };

export async function runAckLatency(opts: {
  rates: number[];
  durationMs: number;
  reps: number;
  warmupMs: number;
  log(line: string): void;
  /** Default MIXED_LOAD. */
  load?: AckLoad;
  /** How long the platform takes for every call while the load runs (default SLOW_PLATFORM_MS). */
  platformMs?: number;
  /** What the progress lines call the benchmark (default `ack`). */
  name?: string;
}): Promise<AckResult> {
  // The mix is one bench "person": it may hold every worker (JOB_LANE_MAX), so acks are measured as a plant's many
  // people would load them, and the queue drains within the bench's wait (docs/decisions/0007-fair-queue.md).
  const fieldlineEnv: Record<string, string> =
    opts.load === undefined ? { JOB_LANE_MAX: process.env.JOB_LANE_MAX ?? '64' } : {};
  const mix = opts.load ?? MIXED_LOAD;
  const platformMs = opts.platformMs ?? SLOW_PLATFORM_MS;
  const platform = startChild(here('./children/ack-platform.ts'));
  await platform.ready;
  playRemote(platform.process.pid);
  const info = await platform.request<PlatformInfo>('info');
  const cells: AckCell[] = [];
  let warmupOver = 0;
  const apps: Partial<Record<AckCell['app'], { child: Child; url: string }>> = {};
  try {
    // The submission is captured from the real app, while the platform is still fast; the bare app gets the very
    // same bodies. Both apps stay up, and their runs alternate (fieldline, bare, then bare, fieldline, …), so a
    // drift of the machine over the minutes a cell takes falls on both alike.
    const fieldline = (apps.fieldline = await startApp('fieldline', info, fieldlineEnv));
    await platform.request('slow', { latencyMs: 0 });
    const template = await platform.request<string>('capture', { appUrl: fieldline.url });
    apps.bare = await startApp('bare', info);
    await platform.request('slow', { latencyMs: platformMs });
    const load = async (mode: AckCell['app'], rate: number, durationMs: number, run: string) => {
      const app = apps[mode];
      if (!app) throw new Error(`no ${mode} app`);
      const readyz = readyzUrl(app.url);
      const urls = await platform.request<string[]>('responseUrls', {
        count: mix.urls(Math.round((rate * durationMs) / 1000)),
      });
      await platform.request('counts');
      const before = mode === 'fieldline' ? await jobTotals(readyz) : undefined;
      await app.child.request('loop');
      const rss = samplePeakRss(app.child);
      // Half-way through, the queue is at its steady state: throughput is counted over the second half.
      const midway = before
        ? sleep(durationMs / 2).then(async () => ({
            at: performance.now(),
            totals: await jobTotals(readyz),
          }))
        : undefined;
      const kdamondBefore = kdamondCpuMs();
      const scraper = mode === 'fieldline' ? scrapeWhileRunning(app.url) : undefined;
      const result = await openLoop({
        url: app.url,
        signingSecret: info.signingSecret,
        rate,
        durationMs,
        make: (i) => mix.make(info, template, urls, run, i),
      });
      scraper?.stop();
      const kdamondAfter = kdamondCpuMs();
      const loop = await app.child.request<{
        p99: number;
        max: number;
        cpuMs: number;
        ackThreadCpuMs: number;
        gc: GcPauses;
      }>('loop');
      let jobs: JobsCheck | undefined;
      let drainCpuMs = 0;
      if (before) {
        // The work the run accepted goes on after its last ack: wait for it (bounded), then count it. The
        // platform answers at once meanwhile (calls already waiting still take their 2.5 s): at 2.5 s per call
        // a full queue takes minutes to empty, and the next run must start with an empty queue.
        const afterRun = await jobTotals(readyz);
        const mid = await midway;
        const endedAt = performance.now();
        await platform.request('slow', { latencyMs: 0 });
        const drain = await waitForEmptyQueue(readyz, DRAIN_TIMEOUT_MS);
        await platform.request('slow', { latencyMs: platformMs });
        drainCpuMs = (await app.child.request<{ cpuMs: number }>('loop')).cpuMs;
        jobs = jobsCheck(result.samples, before, afterRun, drain, mid && { ...mid, endedAt });
      }
      const peakRssBytes = await rss.stop();
      const counts = await platform.request<{ platformCalls: number; slackCalls: number }>('counts');
      const summary = summarize(result.samples, result.maxScheduleLagMs, {
        ...counts,
        ackThreadCpuMs: loop.ackThreadCpuMs,
        gc: loop.gc,
        ...(kdamondBefore !== undefined && kdamondAfter !== undefined
          ? { hostKdamondMs: kdamondAfter - kdamondBefore }
          : {}),
        loopP99: loop.p99,
        loopMax: loop.max,
        cpuMs: loop.cpuMs + drainCpuMs,
        peakRssBytes,
      });
      return jobs ? { ...summary, jobs } : summary;
    };
    // The app not under load is stopped while the other one's run (and drain) goes on, and continued after it, so
    // neither's background work (a drained app's garbage collection, its timers) takes a core from the other's run.
    const alone = async <T>(mode: AckCell['app'], run: () => Promise<T>): Promise<T> => {
      const other = apps[mode === 'fieldline' ? 'bare' : 'fieldline']?.child;
      signal(other, 'SIGSTOP');
      try {
        return await run();
      } finally {
        signal(other, 'SIGCONT');
      }
    };
    if (opts.warmupMs > 0) {
      warmupOver = (
        await alone('fieldline', () =>
          load('fieldline', opts.rates[0] ?? 50, opts.warmupMs, 'fieldline-warm'),
        )
      ).over;
      await alone('bare', () => load('bare', opts.rates[0] ?? 50, opts.warmupMs, 'bare-warm'));
    }
    for (const rate of opts.rates) {
      const cell = (app: AckCell['app']): AckCell => ({ app, rate, runs: [] });
      const byApp = { fieldline: cell('fieldline'), bare: cell('bare') };
      for (let rep = 0; rep < opts.reps; rep++) {
        const order: AckCell['app'][] = rep % 2 === 0 ? ['fieldline', 'bare'] : ['bare', 'fieldline'];
        for (const mode of order) {
          const run = await alone(mode, () => load(mode, rate, opts.durationMs, `${mode}-${rate}-${rep}`));
          opts.log(`${opts.name ?? 'ack'} ${mode} ${rate}/s rep ${rep + 1}: ${describeRun(run)}`);
          byApp[mode].runs.push(run);
        }
      }
      cells.push(byApp.fieldline, byApp.bare);
    }
  } finally {
    await Promise.all(Object.values(apps).map((app) => app.child.stop(10_000)));
    await platform.stop();
  }
  const comparisons = opts.rates.map((rate) => {
    const p99Of = (app: AckCell['app']) =>
      median(cells.find((c) => c.app === app && c.rate === rate)?.runs.map((r) => r.p99) ?? []);
    const over = (cells.find((c) => c.app === 'fieldline' && c.rate === rate)?.runs ?? []).reduce(
      (n, r) => n + r.over,
      0,
    );
    const p99Ratio = p99Of('fieldline') / p99Of('bare');
    return { rate, p99Ratio, over, met: p99Ratio <= P99_TARGET_RATIO && over === 0 };
  });
  const fieldline = (rate: number) => cells.find((c) => c.app === 'fieldline' && c.rate === rate)?.runs ?? [];
  const cpuRate = opts.rates.includes(50) ? 50 : opts.rates[0];
  const cpuRuns = cpuRate === undefined ? [] : fieldline(cpuRate);
  const cpuMs = median(cpuRuns.map((r) => r.cpuMsPerRequest));
  const satRate = Math.max(...opts.rates);
  const satRuns = fieldline(satRate);
  const jobs = satRuns.flatMap((r) => (r.jobs ? [r.jobs] : []));
  const saturation =
    jobs.length === 0
      ? undefined
      : (() => {
          const lost = jobs.reduce((n, j) => n + j.lost, 0);
          const drained = jobs.every((j) => j.drained);
          const peakRssBytes = Math.max(...satRuns.map((r) => r.peakRssBytes));
          return {
            rate: satRate,
            accepted: jobs.reduce((n, j) => n + j.accepted, 0),
            lost,
            drained,
            throughput: median(jobs.map((j) => j.throughput)),
            peakRssBytes,
            met: lost === 0 && drained && peakRssBytes <= RSS_BOUND_BYTES,
          };
        })();
  return {
    durationMs: opts.durationMs,
    reps: opts.reps,
    warmupMs: opts.warmupMs,
    warmupOver,
    cells,
    comparisons,
    ...(cpuRate !== undefined && cpuRuns.length > 0
      ? { cpu: { rate: cpuRate, msPerRequest: cpuMs, met: cpuMs <= CPU_TARGET_MS } }
      : {}),
    ...(saturation ? { saturation } : {}),
  };
}
