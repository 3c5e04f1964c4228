/**
 * The app's job-queue figures from GET /readyz (issue 18: `jobs` in its body), for the benchmarks: totals over
 * kinds, and a bounded wait until nothing waits or runs (polling, never a fixed sleep).
 */
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { z } from 'zod';

const kindSchema = z.object({
  waiting: z.number(),
  running: z.number(),
  done: z.number(),
  failed: z.number(),
  queuedBusy: z.number(),
  refused: z.number(),
});

const readyzSchema = z.object({
  jobs: z.object({
    engine: z.string(),
    runner: z.string(),
    waiting: z.number(),
    running: z.number(),
    bound: z.number(),
    concurrency: z.number(),
    kinds: z.record(z.string(), kindSchema),
  }),
});

export interface JobTotals {
  engine: string;
  runner: string;
  bound: number;
  concurrency: number;
  waiting: number;
  running: number;
  done: number;
  failed: number;
  queuedBusy: number;
  refused: number;
  /** done + failed per kind. */
  finishedByKind: Record<string, number>;
}

/** http://host:port/slack/events → http://host:port/readyz (the app serves both on one port). */
export const readyzUrl = (appUrl: string) => new URL('/readyz', appUrl).toString();

export async function jobTotals(url: string): Promise<JobTotals> {
  const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
  // 503 (the platform probe timed out) still carries the queue's figures.
  const { jobs } = readyzSchema.parse(await res.json());
  const kinds = Object.entries(jobs.kinds);
  const sum = (f: (k: z.infer<typeof kindSchema>) => number) => kinds.reduce((n, [, k]) => n + f(k), 0);
  return {
    engine: jobs.engine,
    runner: jobs.runner,
    bound: jobs.bound,
    concurrency: jobs.concurrency,
    waiting: Math.max(
      jobs.waiting,
      sum((k) => k.waiting),
    ),
    running: Math.max(
      jobs.running,
      sum((k) => k.running),
    ),
    done: sum((k) => k.done),
    failed: sum((k) => k.failed),
    queuedBusy: sum((k) => k.queuedBusy),
    refused: sum((k) => k.refused),
    finishedByKind: Object.fromEntries(kinds.map(([name, k]) => [name, k.done + k.failed])),
  };
}

/** Polls until no job waits or runs; `drained: false` when `timeoutMs` passed first. */
export async function waitForEmptyQueue(
  url: string,
  timeoutMs: number,
  pollMs = 250,
): Promise<{ drained: boolean; waitedMs: number; totals: JobTotals }> {
  const start = performance.now();
  for (;;) {
    const totals = await jobTotals(url);
    const waitedMs = performance.now() - start;
    if (totals.waiting === 0 && totals.running === 0) return { drained: true, waitedMs, totals };
    if (waitedMs > timeoutMs) return { drained: false, waitedMs, totals };
    await sleep(pollMs);
  }
}
