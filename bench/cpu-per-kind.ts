/**
 * CPU per request, by kind: `npx tsx bench/cpu-per-kind.ts [--n=100] [--warmup=30] [--delay=20] [--tasks=600]
 * [--kinds=source,list,reading,submit,mix]`.
 * Starts the same two children as the ack benchmark — fieldline's app wired like main.ts (job thread, sqlite, info
 * logs) and the sandbox with the Slack stand-in — and makes every platform call take `--delay` ms (short: the point
 * is CPU, not latency). For each kind on its own (`/source pump`, `/task list open`, `/reading 1008 24h`, a
 * task-modal submission, and `mix`: the ack benchmark's mix, ½ submissions and ⅙ each command) it sends `--warmup`
 * requests, then `--n`, **one at a time, each followed by the app saying it is idle** (no request handled, no job
 * waiting or running: the app child's `idle`). The app process's CPU (all threads) over those `--n`, less its idle
 * rate over the same wall time (measured after the warm-up, when the app has settled), divided by `--n`, is the
 * figure; the raw CPU per request is printed beside it. Closed loop: nothing of one request's work can fall
 * outside its window, and no estimate of "when the work ended" is needed.
 * `--tasks=600` first creates that many tasks through the task modal (not measured), as the ack benchmark's load
 * leaves thousands of tasks named alike: the task list and the refresh after a create read what they read there.
 * `BENCH_PROFILE_DIR=dir` writes a V8 CPU profile of the app child into `dir`. Prints a markdown table.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { appChildEnv, type PlatformInfo } from './lib/platform-info.ts';
import { startChild, type Child } from './lib/child.ts';
import { playRemote } from './lib/play-remote.ts';
import { openLoop, signedPost, type LoadRequest } from './lib/load.ts';
import { commandBody, submissionBody } from './lib/slack-bodies.ts';

interface Kind {
  key: string;
  label: string;
  make(i: number, tag: string, responseUrl: string): LoadRequest;
}

const COMMANDS = [
  { key: 'source', label: '`/source pump`', command: '/source', text: 'pump' },
  { key: 'list', label: '`/task list open`', command: '/task', text: 'list open' },
  { key: 'reading', label: '`/reading 1008 24h`', command: '/reading', text: '1008 24h' },
] as const;

function arg(name: string, fallback: number): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`--${name} must be a number ≥ 0`);
  return value;
}

const N = arg('n', 100);
const WARMUP = arg('warmup', 30);
const TASKS = arg('tasks', 600);
const DELAY_MS = arg('delay', 20);
const only = process.argv.find((a) => a.startsWith('--kinds='))?.slice('--kinds='.length);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

function kindsFor(info: PlatformInfo, template: string): Kind[] {
  const command = (c: (typeof COMMANDS)[number]): Kind => ({
    key: c.key,
    label: c.label,
    make: (_i, _tag, url) => commandBody(info, c.command, c.text, url),
  });
  const submit: Kind = {
    key: 'submit',
    label: 'task-modal submission',
    make: (_i, tag) => submissionBody(template, tag),
  };
  const commands = COMMANDS.map(command);
  const mix: Kind = {
    key: 'mix',
    label: 'the ack benchmark’s mix (½ submissions, ⅙ each command)',
    make: (i, tag, url) =>
      i % 2 === 0 ? submit.make(i, tag, url) : (commands[((i - 1) / 2) % 3] ?? submit).make(i, tag, url),
  };
  const all = [...commands, submit, mix];
  return only ? all.filter((k) => only.split(',').includes(k.key)) : all;
}

interface Measured {
  cpuMs: number;
  wallMs: number;
  failed: number;
  platformCalls: number;
  slackCalls: number;
}

/** Sends `count` requests of `kind` one at a time, each followed by the app's idle; app CPU over the lot. */
async function closedLoop(
  app: Child,
  platform: Child,
  send: (req: LoadRequest) => Promise<number>,
  kind: Kind,
  count: number,
  tag: string,
): Promise<Measured> {
  const urls = await platform.request<string[]>('responseUrls', { count });
  await platform.request('counts');
  await app.request('loop');
  const start = performance.now();
  let failed = 0;
  for (let i = 0; i < count; i++) {
    if ((await send(kind.make(i, `${tag}-${i}`, urls[i] ?? ''))) !== 200) failed += 1;
    await app.request('idle');
  }
  const wallMs = performance.now() - start;
  const { cpuMs } = await app.request<{ cpuMs: number }>('loop');
  const calls = await platform.request<{ platformCalls: number; slackCalls: number }>('counts');
  return { cpuMs, wallMs, failed, ...calls };
}

/** The settled app's CPU rate (ms of CPU per ms of wall time): timers, the IPC polls themselves. */
async function idleRate(app: Child, ms: number): Promise<number> {
  await app.request('idle');
  await app.request('loop');
  const start = performance.now();
  await sleep(ms);
  const { cpuMs } = await app.request<{ cpuMs: number }>('loop');
  return cpuMs / (performance.now() - start);
}

async function main(): Promise<void> {
  const platform = startChild(here('./children/ack-platform.ts'));
  await platform.ready;
  playRemote(platform.process.pid);
  const info = await platform.request<PlatformInfo>('info');
  const profile = process.env.BENCH_PROFILE_DIR;
  const app = startChild(
    here('./children/ack-app.ts'),
    ['fieldline'],
    appChildEnv(info),
    profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [],
  );
  const rows: string[] = [];
  try {
    await app.ready;
    const port = await app.request<number>('port');
    const url = `http://127.0.0.1:${port}/slack/events`;
    const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 4 });
    const send = async (req: LoadRequest) =>
      (await signedPost(pool, '/slack/events', info.signingSecret, req)).status;
    await platform.request('slow', { latencyMs: 0 });
    const template = await platform.request<string>('capture', { appUrl: url });
    await platform.request('slow', { latencyMs: DELAY_MS });
    if (TASKS > 0) {
      const seeded = await openLoop({
        url,
        signingSecret: info.signingSecret,
        rate: 80,
        durationMs: (TASKS / 80) * 1000,
        make: (i) => submissionBody(template, `cpu-seed-${i}`),
      });
      const failed = seeded.samples.filter((s) => s.status !== 200).length;
      process.stderr.write(`created ${TASKS} tasks first (failed ${failed})\n`);
    }
    for (const kind of kindsFor(info, template)) {
      await closedLoop(app, platform, send, kind, WARMUP, `cpu-${kind.key}-warm`);
      const idle = await idleRate(app, 3_000);
      const m = await closedLoop(app, platform, send, kind, N, `cpu-${kind.key}`);
      const perRequest = Math.max(0, m.cpuMs - idle * m.wallMs) / N;
      const raw = m.cpuMs / N;
      process.stderr.write(
        `${kind.key}: ${perRequest.toFixed(2)} ms/request (raw ${raw.toFixed(2)}; idle ${(idle * 1000).toFixed(1)} ms/s over ${(m.wallMs / 1000).toFixed(1)} s; failed ${m.failed})\n`,
      );
      rows.push(
        `| ${kind.label} | ${N} | ${perRequest.toFixed(2)} | ${raw.toFixed(2)} | ${(m.wallMs / N).toFixed(1)} | ${(m.platformCalls / N).toFixed(2)} | ${(m.slackCalls / N).toFixed(2)} | ${m.failed} |`,
      );
    }
    await pool.close();
  } finally {
    await app.stop(10_000);
    await platform.stop();
  }
  process.stdout.write(
    [
      `CPU per request by kind — closed loop: ${N} requests per kind, one at a time, each until the app is idle (after ${WARMUP} warm-up), platform delay ${DELAY_MS} ms, ${TASKS} tasks created first`,
      '',
      '| kind | requests | app CPU ms/request (less idle) | raw | wall ms/request | platform calls/request | Slack calls/request | failed |',
      '| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |',
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
