/**
 * CPU per request, by kind: `npx tsx bench/cpu-per-kind.ts [--n=80] [--rate=20] [--warmup=20] [--delay=20]`.
 * Starts the same two children as the ack benchmark (fieldline's app, and the sandbox with the Slack
 * stand-in), makes every platform call take `--delay` ms (short: the point is CPU, not latency), then for each
 * request kind on its own — `/source pump`, `/task list open`, `/reading 1008 24h`, a task-modal submission —
 * sends `--warmup` requests (not counted), then `--n` at `--rate` per second, and waits until the work they
 * started is done: every answer received, then no platform or Slack call and no more than idle CPU for
 * several polls in a row. The app process's CPU time (user + system) over that window, less its idle rate
 * measured beforehand, divided by `--n`, is the figure. Prints a markdown table.
 * `BENCH_PROFILE_DIR=dir` writes a V8 CPU profile of the app child (one file, all kinds) into `dir`.
 * `--kinds=source,list,reading,submit` runs a subset. `--tasks=600` first creates that many tasks through the
 * task modal (not measured, at 4× the rate), as the ack benchmark's load leaves thousands of tasks named alike:
 * the task list and the refresh after a create then read what they read there.
 */
import { setPriority } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { PLATFORM_NICE } from './ack-latency.ts';
import { appChildEnv, type PlatformInfo } from './lib/platform-info.ts';
import { startChild, type Child } from './lib/child.ts';
import { openLoop, type LoadRequest } from './lib/load.ts';
import { commandBody, submissionBody } from './lib/slack-bodies.ts';

interface Kind {
  key: string;
  label: string;
  /** Whether each request needs a fresh response_url. */
  command?: { command: string; text: string };
}

const KINDS: Kind[] = [
  { key: 'source', label: '`/source pump`', command: { command: '/source', text: 'pump' } },
  { key: 'list', label: '`/task list open`', command: { command: '/task', text: 'list open' } },
  { key: 'reading', label: '`/reading 1008 24h`', command: { command: '/reading', text: '1008 24h' } },
  { key: 'submit', label: 'task-modal submission' },
];

function arg(name: string, fallback: number): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
  return value;
}

const N = arg('n', 80);
const RATE = arg('rate', 20);
const WARMUP = arg('warmup', 20);
const TASKS = process.argv.includes('--tasks=0') ? 0 : arg('tasks', 600);
const DELAY_MS = arg('delay', 20);
const POLL_MS = 250;
const QUIET_POLLS = 4;
const only = process.argv.find((a) => a.startsWith('--kinds='))?.slice('--kinds='.length);
const kinds = only ? KINDS.filter((k) => only.split(',').includes(k.key)) : KINDS;

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

interface Counts {
  platformCalls: number;
  slackCalls: number;
}
interface Loop {
  cpuMs: number;
}

/** CPU and calls since the last poll (both children reset their counters when asked). */
async function poll(app: Child, platform: Child): Promise<{ cpuMs: number; calls: number }> {
  const [loop, counts] = await Promise.all([app.request<Loop>('loop'), platform.request<Counts>('counts')]);
  return { cpuMs: loop.cpuMs, calls: counts.platformCalls + counts.slackCalls };
}

/** The app's idle CPU rate (ms of CPU per ms of wall time): timers, the relay's polling, IPC polls. */
async function idleRate(app: Child, platform: Child, ms: number): Promise<number> {
  await poll(app, platform);
  const start = performance.now();
  let cpu = 0;
  while (performance.now() - start < ms) {
    await sleep(POLL_MS);
    cpu += (await poll(app, platform)).cpuMs;
  }
  return cpu / (performance.now() - start);
}

/** Waits until no call was made and CPU stayed near idle for QUIET_POLLS polls; returns CPU ms and wall ms. */
async function settle(
  app: Child,
  platform: Child,
  idle: number,
): Promise<{ cpuMs: number; wallMs: number; quietCpuMs: number; quietMs: number }> {
  let cpuMs = 0;
  let quiet = 0;
  let quietCpuMs = 0;
  let quietStart = performance.now();
  const start = performance.now();
  const deadline = start + 120_000;
  while (quiet < QUIET_POLLS) {
    if (performance.now() > deadline) throw new Error('the app did not settle within 120 s');
    const before = performance.now();
    await sleep(POLL_MS);
    const p = await poll(app, platform);
    cpuMs += p.cpuMs;
    const elapsed = performance.now() - before;
    if (p.calls === 0 && p.cpuMs <= idle * elapsed + 3) {
      if (quiet === 0) {
        quietStart = before;
        quietCpuMs = 0;
      }
      quiet++;
      quietCpuMs += p.cpuMs;
    } else quiet = 0;
  }
  return { cpuMs, wallMs: performance.now() - start, quietCpuMs, quietMs: performance.now() - quietStart };
}

async function main(): Promise<void> {
  const platform = startChild(here('./children/ack-platform.ts'));
  await platform.ready;
  if (platform.process.pid !== undefined) setPriority(platform.process.pid, PLATFORM_NICE);
  const info = await platform.request<PlatformInfo>('info');
  const profile = process.env.BENCH_PROFILE_DIR;
  const app = startChild(
    here('./children/ack-app.ts'),
    ['fieldline'],
    {
      ...appChildEnv(info),
    },
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  const rows: string[] = [];
  try {
    await app.ready;
    const port = await app.request<number>('port');
    const url = `http://127.0.0.1:${port}/slack/events`;
    await platform.request('slow', { latencyMs: 0 });
    const template = await platform.request<string>('capture', { appUrl: url });
    await platform.request('slow', { latencyMs: DELAY_MS });
    if (TASKS > 0) {
      const seeded = await openLoop({
        url,
        signingSecret: info.signingSecret,
        rate: RATE * 4,
        durationMs: (TASKS / (RATE * 4)) * 1000,
        make: (i) => submissionBody(template, `cpu-seed-${i}`),
      });
      const failed = seeded.samples.filter((s) => s.status !== 200).length;
      process.stderr.write(`created ${TASKS} tasks first (failed ${failed})\n`);
    }
    await settle(app, platform, Number.POSITIVE_INFINITY);
    const idle = await idleRate(app, platform, 2_000);
    process.stderr.write(`idle CPU: ${(idle * 1000).toFixed(1)} ms/s\n`);
    let seq = 0;
    for (const kind of kinds) {
      const send = async (count: number): Promise<{ failed: number }> => {
        const urls = kind.command
          ? await platform.request<string[]>('responseUrls', { count })
          : ([] as string[]);
        const make = (i: number): LoadRequest => {
          const tag = `cpu-${kind.key}-${seq++}`;
          if (!kind.command) return submissionBody(template, tag);
          return commandBody(info, kind.command.command, kind.command.text, urls[i] ?? '');
        };
        const result = await openLoop({
          url,
          signingSecret: info.signingSecret,
          rate: RATE,
          durationMs: (count / RATE) * 1000,
          make,
        });
        return { failed: result.samples.filter((s) => s.status !== 200).length };
      };
      await send(WARMUP);
      await settle(app, platform, idle);
      await poll(app, platform);
      const start = performance.now();
      const sent = await send(N);
      const sendCpu = (await poll(app, platform)).cpuMs;
      const done = await settle(app, platform, idle);
      // The quiet tail (after the last call) is idle time; only the busy window is charged, less idle CPU.
      const busyMs = performance.now() - start - done.quietMs;
      const busyCpu = sendCpu + done.cpuMs - done.quietCpuMs;
      const perRequest = Math.max(0, busyCpu - idle * busyMs) / N;
      process.stderr.write(
        `${kind.key}: ${perRequest.toFixed(2)} ms/request (${busyCpu.toFixed(0)} ms CPU over ${busyMs.toFixed(0)} ms, failed ${sent.failed})\n`,
      );
      rows.push(
        `| ${kind.label} | ${N} | ${perRequest.toFixed(2)} | ${(busyMs / 1000).toFixed(1)} | ${sent.failed} |`,
      );
    }
  } finally {
    await app.stop(10_000);
    await platform.stop();
  }
  process.stdout.write(
    [
      `CPU per request by kind — ${N} requests per kind at ${RATE}/s after ${WARMUP} warm-up, platform delay ${DELAY_MS} ms, ${TASKS} tasks created first`,
      '',
      '| kind | requests | app CPU ms/request | busy window (s) | failed |',
      '| --- | ---: | ---: | ---: | ---: |',
      ...rows,
      '',
    ].join('\n'),
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `cpu-per-kind failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
