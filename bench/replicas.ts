/**
 * Benchmark 5 — two replicas with Redis, one SIGKILLed mid-load (issue 18: "every accepted job completes exactly
 * once"). A private redis-server on a free loopback port (never the machine's 6379), the sandbox + Slack stand-in
 * (./children/ack-platform.ts) answering every call after `platformMs`, and two fieldline replicas
 * (./children/ack-app.ts with BENCH_STORE=redis://…: jobs go through BullMQ, JOB_LOCK_SECONDS small so a dead
 * replica's jobs are taken over quickly). Task-modal submissions, each with its own view id and task name, go to
 * both replicas for the first half; then one replica is SIGKILLed with jobs in flight and the rest go to the
 * survivor. The bench waits (bounded, polling Redis) until no job waits, runs or is delayed, then counts the
 * sandbox's tasks per name: every accepted submission exactly once, none for a refused one.
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { z } from 'zod';
import { startRedisServer } from '../test/setup/redis-server.ts';
import { acceptedJob, countOutcomes, type OutcomeCounts } from './lib/ack-outcome.ts';
import { appChildEnv, type PlatformInfo } from './lib/platform-info.ts';
import { startChild, type Child } from './lib/child.ts';
import { playRemote } from './lib/play-remote.ts';
import { openLoop } from './lib/load.ts';
import { namedSubmissionBody } from './lib/slack-bodies.ts';

/** BullMQ's queue as src/runtime/jobs/bull-queue.ts names it, under the default STORE_PREFIX. */
const QUEUE_NAME = 'slack-jobs';
const QUEUE_PREFIX = 'fieldline:jobs';
const DRAIN_TIMEOUT_MS = 180_000;

export interface ReplicasResult {
  rate: number;
  durationMs: number;
  platformMs: number;
  lockSeconds: number;
  sent: number;
  outcomes: OutcomeCounts;
  /** Acked without "try again": each must be exactly one task. */
  accepted: number;
  /** Jobs active in Redis just before the kill (in flight on either replica). */
  activeAtKill: number;
  waitingAtKill: number;
  /** Jobs that stalled (their replica was killed) and were run again by the survivor. */
  takenOver: number;
  drained: boolean;
  drainMs: number;
  failedJobs: number;
  /** Accepted names with no task. */
  lost: number;
  /** Accepted names with more than one task (extra tasks counted). */
  duplicates: number;
  /** Tasks for names whose submission was refused or failed. */
  unexpected: number;
  tasksFound: number;
  met: boolean;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

async function startReplica(
  info: PlatformInfo,
  redisUrl: string,
  lockSeconds: number,
): Promise<{ child: Child; url: string }> {
  const child = startChild(here('./children/ack-app.ts'), ['fieldline'], {
    ...appChildEnv(info),
    BENCH_STORE: redisUrl,
    JOB_LOCK_SECONDS: String(lockSeconds),
  });
  await child.ready;
  const port = await child.request<number>('port');
  return { child, url: `http://127.0.0.1:${port}/slack/events` };
}

const taskPage = z.object({
  data: z.array(z.object({ name: z.string() })).nullable(),
  lastValue: z.string().nullish(),
});

/** Every task whose name contains `search`, paged like the contract says (paging rules 1–4). */
async function taskNames(info: PlatformInfo, search: string): Promise<string[]> {
  const names: string[] = [];
  const limit = 1000;
  let lastValue: string | undefined;
  for (;;) {
    const url = new URL('/tasks', info.sandboxUrl);
    url.searchParams.set('limit', String(limit));
    url.searchParams.set('textSearch', search);
    if (lastValue !== undefined) url.searchParams.set('lastValue', lastValue);
    const res = await fetch(url, { headers: { 'x-api-key': info.apiKey } });
    if (!res.ok) throw new Error(`GET /tasks answered ${res.status}`);
    const page = taskPage.parse(await res.json());
    const rows = page.data ?? [];
    names.push(...rows.map((t) => t.name));
    if (rows.length < limit || !page.lastValue) return names;
    lastValue = page.lastValue;
  }
}

async function waitForEmptyRedisQueue(
  queue: Queue,
  timeoutMs: number,
): Promise<{ drained: boolean; waitedMs: number }> {
  const start = performance.now();
  for (;;) {
    const counts = await queue.getJobCounts('waiting', 'active', 'delayed', 'prioritized');
    const waitedMs = performance.now() - start;
    if (Object.values(counts).every((n) => n === 0)) return { drained: true, waitedMs };
    if (waitedMs > timeoutMs) return { drained: false, waitedMs };
    await sleep(250);
  }
}

export async function runReplicas(opts: {
  rate: number;
  durationMs: number;
  platformMs: number;
  lockSeconds: number;
  log(line: string): void;
}): Promise<ReplicasResult> {
  const redis = await startRedisServer();
  const platform = startChild(here('./children/ack-platform.ts'));
  const replicas: { child: Child; url: string }[] = [];
  const queue = new Queue(QUEUE_NAME, {
    connection: { host: '127.0.0.1', port: redis.port, maxRetriesPerRequest: null },
    prefix: QUEUE_PREFIX,
  });
  try {
    await platform.ready;
    playRemote(platform.process.pid);
    const info = await platform.request<PlatformInfo>('info');
    replicas.push(await startReplica(info, redis.url, opts.lockSeconds));
    replicas.push(await startReplica(info, redis.url, opts.lockSeconds));
    const [survivor, victim] = replicas;
    if (!survivor || !victim) throw new Error('replicas did not start');
    await platform.request('slow', { latencyMs: 0 });
    const template = await platform.request<string>('capture', { appUrl: survivor.url });
    await platform.request('slow', { latencyMs: opts.platformMs });

    const run = `R${Date.now().toString(36)}`;
    const send = (url: string, rate: number, durationMs: number, label: string) =>
      openLoop({
        url,
        signingSecret: info.signingSecret,
        rate,
        durationMs,
        make: (i) =>
          namedSubmissionBody(template, `${run}-${label}-${i}`, `Replica bench ${run} ${label}-${i}`),
      });
    // First half: both replicas, half the rate each.
    const half = opts.durationMs / 2;
    const first = await Promise.all([
      send(survivor.url, opts.rate / 2, half, 'a'),
      send(victim.url, opts.rate / 2, half, 'b'),
    ]);
    const atKill = await queue.getJobCounts('active', 'waiting');
    victim.child.process.kill('SIGKILL');
    opts.log(
      `replicas: SIGKILLed one replica with ${atKill.active ?? 0} jobs active and ${atKill.waiting ?? 0} waiting in Redis`,
    );
    const second = await send(survivor.url, opts.rate, half, 'c');
    const samples = [...first, second].flatMap((r) => r.samples);
    const drain = await waitForEmptyRedisQueue(queue, DRAIN_TIMEOUT_MS);
    const failedJobs = await queue.getFailedCount();
    // Jobs BullMQ found stalled (their replica stopped renewing the lock) and ran again on the survivor.
    const finishedJobs = [...(await queue.getCompleted(0, -1)), ...(await queue.getFailed(0, -1))];
    const takenOver = finishedJobs.filter((j) => j.stalledCounter > 0).length;
    await platform.request('slow', { latencyMs: 0 });
    const found = await taskNames(info, `Replica bench ${run}`);

    const perName = new Map<string, number>();
    for (const name of found) perName.set(name, (perName.get(name) ?? 0) + 1);
    const acceptedNames = samples.filter((s) => acceptedJob(s.outcome)).flatMap((s) => s.tag ?? []);
    const otherNames = samples.filter((s) => !acceptedJob(s.outcome)).flatMap((s) => s.tag ?? []);
    const lost = acceptedNames.filter((n) => (perName.get(n) ?? 0) === 0).length;
    const duplicates = acceptedNames.reduce((n, name) => n + Math.max(0, (perName.get(name) ?? 0) - 1), 0);
    const unexpected = otherNames.reduce((n, name) => n + (perName.get(name) ?? 0), 0);
    const outcomes = countOutcomes(samples.map((s) => s.outcome));
    const result: ReplicasResult = {
      rate: opts.rate,
      durationMs: opts.durationMs,
      platformMs: opts.platformMs,
      lockSeconds: opts.lockSeconds,
      sent: samples.length,
      outcomes,
      accepted: acceptedNames.length,
      activeAtKill: atKill.active ?? 0,
      waitingAtKill: atKill.waiting ?? 0,
      takenOver,
      drained: drain.drained,
      drainMs: drain.waitedMs,
      failedJobs,
      lost,
      duplicates,
      unexpected,
      tasksFound: found.length,
      met: drain.drained && lost === 0 && duplicates === 0 && unexpected === 0 && failedJobs === 0,
    };
    opts.log(
      `replicas: ${result.sent} sent, ${result.accepted} accepted (${outcomes.queued} queued), ${outcomes.refused} refused, ${outcomes.failed} failed; ${takenOver} jobs taken over from the killed replica; drained ${drain.drained ? 'yes' : 'NO'} after ${(drain.waitedMs / 1000).toFixed(1)} s; ${found.length} tasks: ${lost} lost, ${duplicates} duplicates, ${unexpected} unexpected, ${failedJobs} failed jobs`,
    );
    return result;
  } finally {
    await queue.close().catch(() => undefined);
    for (const r of replicas) await r.child.stop(10_000);
    await platform.stop();
    await redis.dispose();
  }
}
