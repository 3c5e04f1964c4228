/**
 * Benchmark 2 — poller scale. For each size, a sandbox seeded with that many data sources and tasks (own
 * process) and the relay (own process): one priming cycle, then `reps` measured cycles. Calls are counted by
 * the sandbox; the minimum is one page per `pageSize` rows plus the page that proves the end (contract:
 * paging rule 4), for data sources and tasks, plus one full record per camera source.
 */
import { fileURLToPath } from 'node:url';
import { DEFAULT_ALERT_OPTIONS } from '../src/alerts/rules/options.ts';
import { RUNTIME_FLAGS } from '../src/base/runtime-flags.ts';
import { startChild } from './lib/child.ts';
import { median } from './lib/stats.ts';

interface CycleAnswer {
  ms: number;
  outcome: string;
  calls: { pages: number; records: number };
  error?: string;
  rss: number;
  maxRss: number;
}

export interface PollerSize {
  size: number;
  cameras: number;
  cycleMs: number[];
  medianMs: number;
  firstCycleMs: number;
  calls: Record<string, number>;
  totalCalls: number;
  minimalCalls: number;
  baselineRss: number;
  peakRss: number;
  outcome: string;
}

export interface PollerResult {
  pageSize: number;
  sizes: PollerSize[];
  /** Between consecutive sizes: how time and memory grew relative to the size. */
  growth: { from: number; to: number; sizeRatio: number; timeRatio: number; memRatio: number }[];
  callsMinimal: boolean;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export function minimalPages(rows: number, pageSize: number): number {
  return Math.floor(rows / pageSize) + 1;
}

async function measureSize(size: number, reps: number, log: (line: string) => void): Promise<PollerSize> {
  const sandbox = startChild(here('./children/sandbox.ts'), [
    JSON.stringify({ sources: size, tasks: size, days: 2 }),
  ]);
  await sandbox.ready;
  const info = await sandbox.request<{
    url: string;
    apiKey: string;
    cameras: number;
    sources: number;
    tasks: number;
  }>('info');
  // The relay runs on the acking thread of a process started with fieldline's runtime flags (npm start, the image).
  const poller = startChild(
    here('./children/poller.ts'),
    [],
    { BENCH_SANDBOX_URL: info.url, BENCH_API_KEY: info.apiKey },
    [...RUNTIME_FLAGS],
  );
  try {
    await poller.ready;
    const baseline = await poller.request<{ rss: number }>('memory');
    const first = await poller.request<CycleAnswer>('cycle');
    await sandbox.request('takeRequests');
    const cycles: CycleAnswer[] = [];
    let calls: Record<string, number> = {};
    for (let i = 0; i < reps; i++) {
      const c = await poller.request<CycleAnswer>('cycle');
      calls = await sandbox.request<Record<string, number>>('takeRequests');
      cycles.push(c);
      log(
        `poller ${size}: cycle ${i + 1} ${c.ms.toFixed(0)} ms, ${c.outcome}, calls ${JSON.stringify(calls)}${c.error ? ` (${c.error})` : ''}`,
      );
    }
    const pageSize = DEFAULT_ALERT_OPTIONS.pageSize;
    const minimalCalls =
      minimalPages(info.sources, pageSize) + minimalPages(info.tasks, pageSize) + info.cameras;
    const last = cycles.at(-1);
    return {
      size,
      cameras: info.cameras,
      cycleMs: cycles.map((c) => c.ms),
      medianMs: median(cycles.map((c) => c.ms)),
      firstCycleMs: first.ms,
      calls,
      totalCalls: Object.values(calls).reduce((a, b) => a + b, 0),
      minimalCalls,
      baselineRss: baseline.rss,
      peakRss: last?.maxRss ?? 0,
      outcome: cycles.every((c) => c.outcome === 'complete') ? 'complete' : (last?.outcome ?? 'none'),
    };
  } finally {
    await poller.stop();
    await sandbox.stop();
  }
}

export async function runPollerScale(opts: {
  sizes: number[];
  reps: number;
  log(line: string): void;
}): Promise<PollerResult> {
  const sizes: PollerSize[] = [];
  for (const size of opts.sizes) sizes.push(await measureSize(size, opts.reps, opts.log));
  const growth = sizes.slice(1).map((s, i) => {
    const prev = sizes[i] as PollerSize;
    return {
      from: prev.size,
      to: s.size,
      sizeRatio: s.size / prev.size,
      timeRatio: s.medianMs / prev.medianMs,
      memRatio: (s.peakRss - s.baselineRss) / Math.max(1, prev.peakRss - prev.baselineRss),
    };
  });
  return {
    pageSize: DEFAULT_ALERT_OPTIONS.pageSize,
    sizes,
    growth,
    callsMinimal: sizes.every((s) => s.totalCalls === s.minimalCalls),
  };
}
