/**
 * One ack-benchmark run, as recorded: its latencies, what every ack said, the app's CPU, event loop and memory, and
 * the jobs it accepted against those that finished (bench/ack-latency.ts measures; the report renders these).
 */
import { acceptedJob, countOutcomes, type OutcomeCounts } from './ack-outcome.ts';
import type { Sample } from './load.ts';
import type { JobTotals } from './readyz.ts';
import { max, percentile } from './stats.ts';

/** Slack's window for an ack. */
export const SLACK_LIMIT_MS = 2_500;

/** Jobs of one fieldline run: accepted acks against what /readyz says finished. */
export interface JobsCheck {
  /** Acks without "try again" (accepted or queued). */
  accepted: number;
  /** done + failed (from /readyz, this run's share) when the queue was empty. */
  finished: number;
  done: number;
  failed: number;
  /** accepted − finished (0: none lost). */
  lost: number;
  /** Finished while the load ran (from /readyz right after the last send was answered). */
  finishedDuringRun: number;
  /** Jobs completed per second over the run's second half (the queue at its steady state). */
  throughput: number;
  drained: boolean;
  drainMs: number;
  /** The queue refused or queued work in this run: the figures are at saturation. */
  saturated: boolean;
}
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
  /** The app's CPU time (all threads) per request during the run and the drain after it (ms). */
  cpuMsPerRequest: number;
  /** The same CPU per accepted job (refused requests cost little). */
  cpuMsPerAccepted: number;
  /** CPU time of the app's acking (main) thread per request during the run alone (ms; 10 ms ticks). */
  ackThreadMsPerRequest?: number;
  /** The acking thread's garbage-collection pauses during the run. */
  gc?: GcPauses;
  /** CPU time of the host kernel's DAMON threads during the run (ms; ./lib/host-reclaim.ts); none: absent. */
  hostKdamondMs?: number;
  outcomes: OutcomeCounts;
  /** The largest "queued (position N)" seen. */
  maxPosition: number;
  /** Distinct errors answers that were not the busy one (first few), with their counts. */
  rejectedBodies?: Record<string, number>;
  peakRssBytes: number;
  jobs?: JobsCheck;
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
  cpu?: { rate: number; msPerRequest: number; met: boolean };
  saturation?: {
    rate: number;
    accepted: number;
    lost: number;
    drained: boolean;
    throughput: number;
    peakRssBytes: number;
    met: boolean;
  };
}

export interface GcPauses {
  count: number;
  totalMs: number;
  maxMs: number;
  over5ms: number;
}

export interface RunCounts {
  ackThreadCpuMs: number;
  gc?: GcPauses;
  hostKdamondMs?: number;
  platformCalls: number;
  slackCalls: number;
  loopP99: number;
  loopMax: number;
  cpuMs: number;
  peakRssBytes: number;
}

export function summarize(
  samples: Sample[],
  scheduleLagMs: number,
  { cpuMs, ackThreadCpuMs, ...counts }: RunCounts,
): AckRun {
  const ok = samples.filter((s) => s.status === 200).map((s) => s.latencyMs);
  const all = samples.map((s) => s.latencyMs);
  const kinds = [...new Set(samples.map((s) => s.kind))];
  const outcomes = countOutcomes(samples.map((s) => s.outcome));
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
    cpuMsPerAccepted: cpuMs / Math.max(1, outcomes.accepted + outcomes.queued),
    ackThreadMsPerRequest: ackThreadCpuMs / Math.max(1, samples.length),
    outcomes,
    maxPosition: samples.reduce((n, s) => Math.max(n, s.position ?? 0), 0),
    ...(outcomes.rejected > 0 ? { rejectedBodies: tally(samples.flatMap((s) => s.note ?? [])) } : {}),
  };
}

function tally(notes: string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const n of notes) if (n in out || Object.keys(out).length < 5) out[n] = (out[n] ?? 0) + 1;
  return out;
}

export function jobsCheck(
  samples: Sample[],
  before: JobTotals,
  afterRun: JobTotals,
  drain: { drained: boolean; waitedMs: number; totals: JobTotals },
  mid: { at: number; totals: JobTotals; endedAt: number } | undefined,
): JobsCheck {
  const accepted = samples.filter((s) => acceptedJob(s.outcome)).length;
  const done = drain.totals.done - before.done;
  const failed = drain.totals.failed - before.failed;
  const finished = (t: JobTotals) => t.done + t.failed;
  const secondHalf = mid ? finished(afterRun) - finished(mid.totals) : 0;
  return {
    accepted,
    finished: done + failed,
    done,
    failed,
    lost: accepted - done - failed,
    finishedDuringRun: finished(afterRun) - finished(before),
    throughput: mid ? secondHalf / Math.max(0.001, (mid.endedAt - mid.at) / 1000) : Number.NaN,
    drained: drain.drained,
    drainMs: drain.waitedMs,
    saturated: samples.some((s) => s.outcome === 'queued' || s.outcome === 'refused'),
  };
}

/** One line of progress for a run. */
export function describeRun(run: AckRun): string {
  const o = run.outcomes;
  const j = run.jobs;
  return (
    `p50 ${run.p50.toFixed(1)} p99 ${run.p99.toFixed(1)} max ${run.max.toFixed(1)} ms, over ${run.over}, failed ${run.failed}, acks ${o.accepted} accepted / ${o.queued} queued (max position ${run.maxPosition}) / ${o.refused} refused / ${o.rejected} rejected, platform calls ${run.platformCalls}, event loop p99 ${run.loopP99.toFixed(0)} max ${run.loopMax.toFixed(0)} ms, app CPU ${run.cpuMsPerRequest.toFixed(1)} ms/request (acking thread ${run.ackThreadMsPerRequest?.toFixed(2)} during the run; ${run.gc?.count} GC pauses, max ${run.gc?.maxMs.toFixed(1)} ms, ${run.gc?.over5ms} over 5 ms), ${run.hostKdamondMs === undefined ? 'no kdamond' : `host kdamond ${run.hostKdamondMs} ms`}, peak RSS ${(run.peakRssBytes / 2 ** 20).toFixed(0)} MiB` +
    (j
      ? `; jobs ${j.finished}/${j.accepted} finished (${j.failed} failed, ${j.lost} lost), ${j.throughput.toFixed(1)} jobs/s over the run's second half, drained ${j.drained ? 'yes' : 'NO'} after ${(j.drainMs / 1000).toFixed(1)} s`
      : '')
  );
}
