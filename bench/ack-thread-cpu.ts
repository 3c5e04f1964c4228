/**
 * The acking thread's CPU per ack, fieldline against bare Bolt: `npx tsx bench/ack-thread-cpu.ts [--queued=850]
 * [--refused=1500]`. The ack benchmark's p99 moves with the machine from run to run (bare Bolt's own p99 varied
 * 3–13 ms between consecutive runs on 2 cores); what sets fieldline's apart is how long its acking thread works
 * on each ack, and that is measured here without the noise of timing: the same children as the ack benchmark
 * (fieldline wired like main.ts, and bare Bolt, each against the sandbox and Slack stand-in answering every call
 * after 2.5 s), the ack benchmark's mix sent **one request at a time**, and the acking (main) thread's CPU time
 * (from /proc, 10 ms ticks) over a phase divided by its requests, with the time its garbage collections paused
 * it (each app runs with the flags it runs with in the ack benchmark). After 1,000 unmeasured requests (both apps'
 * code warm), the `queued` phase is fieldline's requests accepted behind others ("queued (position N)": its
 * queue is made 3,000 long here, default 1,000, to hold the warm-up and the phase) and, once its queue is full,
 * the `refused` phase is its "busy, try again" answers. Bare Bolt acks every request alike: its two phases are
 * the same work, measured twice. Prints a markdown table, with what the acks said.
 */
import { fileURLToPath } from 'node:url';
import { Pool } from 'undici';
import { RUNTIME_FLAGS } from '../src/base/runtime-flags.ts';
import type { GcPauses } from './ack-latency.ts';
import { appChildEnv, type PlatformInfo } from './lib/platform-info.ts';
import { signal, startChild, type Child } from './lib/child.ts';
import { playRemote } from './lib/play-remote.ts';
import { classifyAck, countOutcomes, type AckOutcome, type OutcomeCounts } from './lib/ack-outcome.ts';
import { signedPost } from './lib/load.ts';
import { mixedRequest } from './lib/slack-bodies.ts';

const SLOW_PLATFORM_MS = 2_500;
/** fieldline's queue bound here (JOB_QUEUE_BOUND): room for the warm-up and the queued phase. */
const QUEUE_BOUND = 3_000;
/** fieldline's jobs running at once (its default): accepted at once, before any is queued. */
const RUNNING = 64;
/** Unmeasured requests first, so both apps' code is warm (optimized) when measuring starts. */
const WARM_UP = 1_000;
/** Sent beyond what fills the queue before the refused phase: jobs that finish meanwhile free places. */
const FILL_MARGIN = 300;

function arg(name: string, fallback: number): number {
  const raw = process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  const value = raw === undefined ? fallback : Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} must be a whole number ≥ 1`);
  return value;
}

const QUEUED = arg('queued', 1_500);
if (QUEUED > QUEUE_BOUND - WARM_UP) throw new Error(`--queued must be at most ${QUEUE_BOUND - WARM_UP}`);
const REFUSED = arg('refused', 1_500);
const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

/** A phase: the acking thread's CPU and garbage-collection pauses per request (ms), and what the acks said. */
interface Phase {
  ms: number;
  gcMs: number;
  said: OutcomeCounts;
}
interface Phases {
  queued: Phase;
  refused: Phase;
}

/** Sends the mix one request at a time and returns the acking thread's CPU per request of each phase (ms). */
async function measure(app: Child, info: PlatformInfo, template: string, urls: string[]): Promise<Phases> {
  const port = await app.request<number>('port');
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: 1 });
  let i = 0;
  const send = async (n: number): Promise<AckOutcome[]> => {
    const said: AckOutcome[] = [];
    for (const end = i + n; i < end; i++) {
      const request = mixedRequest(info, template, urls, 'cpu', i);
      const { status, text } = await signedPost(pool, '/slack/events', info.signingSecret, request);
      if (status !== 200) throw new Error(`request ${i} answered ${status}`);
      said.push(classifyAck(status, text).outcome);
    }
    return said;
  };
  const phase = async (n: number): Promise<Phase> => {
    await app.request('loop');
    const said = await send(n);
    const { ackThreadCpuMs, gc } = await app.request<{ ackThreadCpuMs: number; gc: GcPauses }>('loop');
    return { ms: ackThreadCpuMs / n, gcMs: gc.totalMs / n, said: countOutcomes(said) };
  };
  try {
    await send(WARM_UP);
    const queued = await phase(QUEUED);
    // What the queued phase left of fieldline's queue is filled (and some) before the refused phase.
    await send(QUEUE_BOUND + RUNNING - WARM_UP - QUEUED + FILL_MARGIN);
    const refused = await phase(REFUSED);
    return { queued, refused };
  } finally {
    await pool.close();
  }
}

async function main(): Promise<void> {
  const platform = startChild(here('./children/ack-platform.ts'));
  await platform.ready;
  playRemote(platform.process.pid);
  const info = await platform.request<PlatformInfo>('info');
  const apps: Child[] = [];
  try {
    const fieldline = startChild(
      here('./children/ack-app.ts'),
      ['fieldline'],
      { ...appChildEnv(info), JOB_QUEUE_BOUND: String(QUEUE_BOUND) },
      [...RUNTIME_FLAGS],
    );
    apps.push(fieldline);
    await fieldline.ready;
    await platform.request('slow', { latencyMs: 0 });
    const appUrl = `http://127.0.0.1:${await fieldline.request<number>('port')}/slack/events`;
    const template = await platform.request<string>('capture', { appUrl });
    await platform.request('slow', { latencyMs: SLOW_PLATFORM_MS });
    // Every request of both phases and what comes before them has a response_url of its own.
    const total = QUEUE_BOUND + RUNNING + FILL_MARGIN + REFUSED;
    const urls = await platform.request<string[]>('responseUrls', { count: total });
    const f = await measure(fieldline, info, template, urls);
    const bare = startChild(here('./children/ack-app.ts'), ['bare'], appChildEnv(info));
    apps.push(bare);
    await bare.ready;
    // fieldline's job thread would go on working through its full queue while bare Bolt is measured: stopped.
    signal(fieldline, 'SIGSTOP');
    let b: Phases;
    try {
      b = await measure(bare, info, template, urls);
    } finally {
      signal(fieldline, 'SIGCONT');
    }
    const said = (p: Phase) =>
      Object.entries(p.said)
        .filter(([, n]) => n > 0)
        .map(([outcome, n]) => `${n} ${outcome}`)
        .join(', ');
    const row = (name: string, x: Phase, y: Phase) =>
      `| ${name} | ${x.ms.toFixed(3)} ms (${said(x)}) | ${y.ms.toFixed(3)} ms (${said(y)}) | ${(x.ms / y.ms).toFixed(2)}× | ${x.gcMs.toFixed(3)} / ${y.gcMs.toFixed(3)} ms |`;
    process.stdout.write(
      [
        `Acking thread CPU per request, one request at a time, the ack benchmark's mix (platform at ${SLOW_PLATFORM_MS} ms):`,
        '',
        '| phase | fieldline (its acks) | bare Bolt (its acks) | fieldline / bare | GC pauses per request, fieldline / bare |',
        '| --- | --- | --- | --- | --- |',
        row(`queued, ${QUEUED} requests`, f.queued, b.queued),
        row(`refused busy, ${REFUSED} requests`, f.refused, b.refused),
        '',
      ].join('\n'),
    );
  } finally {
    await Promise.all(apps.map((a) => a.stop(20_000).catch(() => undefined)));
    await platform.stop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(`ack-thread-cpu failed: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
