/**
 * Benchmark 1 — ack latency. Signed slash commands and task-modal submissions over HTTP at each rate, open
 * loop, while every monitoring call takes 2.5 s; the same load against a bare Bolt app (same receiver) that
 * only acks. Three processes: this one generates load, one runs the app, one runs the sandbox and stand-in.
 */
import { setPriority } from 'node:os';
import { fileURLToPath } from 'node:url';
import { startChild, type Child } from './lib/child.ts';
import { openLoop, type Sample } from './lib/load.ts';
import { mixedRequest, type Workspace } from './lib/slack-bodies.ts';
import { max, median, percentile } from './lib/stats.ts';

export const SLOW_PLATFORM_MS = 2_500;
export const SLACK_LIMIT_MS = 2_500;
export const P99_TARGET_RATIO = 1.3;
export const PLATFORM_NICE = 10;

export interface AckRun {
  p50: number;
  p99: number;
  max: number;
  over: number;
  count: number;
  failed: number;
  p99ByKind: Record<string, number>;
  scheduleLagMs: number;
  platformCalls: number;
  slackCalls: number;
  /** The app's event-loop delay during the run (ms). */
  loopP99: number;
  loopMax: number;
  /** The app's CPU time per request during the run (ms). */
  cpuMsPerRequest: number;
}

export interface AckCell {
  app: 'fieldline' | 'bare';
  rate: number;
  runs: AckRun[];
}

export interface AckResult {
  durationMs: number;
  reps: number;
  warmupMs: number;
  warmupOver: number;
  cells: AckCell[];
  comparisons: { rate: number; p99Ratio: number; over: number; met: boolean }[];
}

interface PlatformInfo extends Workspace {
  sandboxUrl: string;
  apiKey: string;
  apiUrl: string;
  signingSecret: string;
  botToken: string;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface RunCounts {
  platformCalls: number;
  slackCalls: number;
  loopP99: number;
  loopMax: number;
  cpuMs: number;
}

function summarize(samples: Sample[], scheduleLagMs: number, { cpuMs, ...counts }: RunCounts): AckRun {
  const ok = samples.filter((s) => s.status === 200).map((s) => s.latencyMs);
  const all = samples.map((s) => s.latencyMs);
  const kinds = [...new Set(samples.map((s) => s.kind))];
  return {
    p50: percentile(all, 50),
    p99: percentile(all, 99),
    max: max(all),
    over: samples.filter((s) => s.status !== 200 || s.latencyMs > SLACK_LIMIT_MS).length,
    count: samples.length,
    failed: samples.length - ok.length,
    p99ByKind: Object.fromEntries(
      kinds.map((k) => [
        k,
        percentile(
          samples.filter((s) => s.kind === k).map((s) => s.latencyMs),
          99,
        ),
      ]),
    ),
    scheduleLagMs,
    ...counts,
    cpuMsPerRequest: cpuMs / Math.max(1, samples.length),
  };
}

async function startApp(
  mode: 'fieldline' | 'bare',
  info: PlatformInfo,
): Promise<{ child: Child; url: string }> {
  const profile = process.env.BENCH_PROFILE_DIR;
  const child = startChild(
    here('./children/ack-app.ts'),
    [mode],
    {
      BENCH_SANDBOX_URL: info.sandboxUrl,
      BENCH_API_KEY: info.apiKey,
      BENCH_SLACK_API_URL: info.apiUrl,
      BENCH_SIGNING_SECRET: info.signingSecret,
      BENCH_BOT_TOKEN: info.botToken,
    },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  await child.ready;
  const port = await child.request<number>('port');
  return { child, url: `http://127.0.0.1:${port}/slack/events` };
}

export async function runAckLatency(opts: {
  rates: number[];
  durationMs: number;
  reps: number;
  warmupMs: number;
  log(line: string): void;
}): Promise<AckResult> {
  const platform = startChild(here('./children/ack-platform.ts'));
  await platform.ready;
  // The sandbox and the stand-in play remote services: on a 2-core machine they must not take CPU from the app.
  if (platform.process.pid !== undefined) setPriority(platform.process.pid, PLATFORM_NICE);
  const info = await platform.request<PlatformInfo>('info');
  const cells: AckCell[] = [];
  let warmupOver = 0;
  try {
    let template = '';
    for (const mode of ['fieldline', 'bare'] as const) {
      const app = await startApp(mode, info);
      if (mode === 'fieldline') {
        // The submission is captured from the real app, while the platform is still fast; the bare app gets
        // the very same bodies.
        await platform.request('slow', { latencyMs: 0 });
        template = await platform.request<string>('capture', { appUrl: app.url });
      }
      await platform.request('slow', { latencyMs: SLOW_PLATFORM_MS });
      const load = async (rate: number, durationMs: number, run: string) => {
        const commands = Math.ceil((rate * durationMs) / 2000);
        const urls = await platform.request<string[]>('responseUrls', { count: commands });
        await platform.request('counts');
        await app.child.request('loop');
        const result = await openLoop({
          url: app.url,
          signingSecret: info.signingSecret,
          rate,
          durationMs,
          make: (i) => mixedRequest(info, template, urls, run, i),
        });
        const counts = await platform.request<{ platformCalls: number; slackCalls: number }>('counts');
        const loop = await app.child.request<{ p99: number; max: number; cpuMs: number }>('loop');
        return summarize(result.samples, result.maxScheduleLagMs, {
          ...counts,
          loopP99: loop.p99,
          loopMax: loop.max,
          cpuMs: loop.cpuMs,
        });
      };
      try {
        if (opts.warmupMs > 0) {
          const warm = await load(opts.rates[0] ?? 50, opts.warmupMs, `${mode}-warm`);
          if (mode === 'fieldline') warmupOver = warm.over;
        }
        for (const rate of opts.rates) {
          const cell: AckCell = { app: mode, rate, runs: [] };
          for (let rep = 0; rep < opts.reps; rep++) {
            const run = await load(rate, opts.durationMs, `${mode}-${rate}-${rep}`);
            opts.log(
              `ack ${mode} ${rate}/s rep ${rep + 1}: p50 ${run.p50.toFixed(1)} p99 ${run.p99.toFixed(1)} max ${run.max.toFixed(1)} ms, over ${run.over}, failed ${run.failed}, platform calls ${run.platformCalls}, event loop p99 ${run.loopP99.toFixed(0)} max ${run.loopMax.toFixed(0)} ms, app CPU ${run.cpuMsPerRequest.toFixed(1)} ms/request`,
            );
            cell.runs.push(run);
          }
          cells.push(cell);
        }
      } finally {
        await app.child.stop(10_000);
      }
    }
  } finally {
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
  return {
    durationMs: opts.durationMs,
    reps: opts.reps,
    warmupMs: opts.warmupMs,
    warmupOver,
    cells,
    comparisons,
  };
}
