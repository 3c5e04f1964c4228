/** The four benchmark sections of docs/benchmarks.md (tables, method, target verdicts). */
import type { AckResult } from './ack-latency.ts';
import { P99_TARGET_RATIO, SLACK_LIMIT_MS, SLOW_PLATFORM_MS } from './ack-latency.ts';
import { PLATFORM_NICE } from './lib/play-remote.ts';
import { RUNTIME_FLAGS } from '../src/base/runtime-flags.ts';
import type { DeliveryResult } from './delivery.ts';
import { MAX_PER_10S } from './delivery.ts';
import { kib, median, mib, ms, ratio } from './lib/stats.ts';
import { latencyColumns } from './lib/stats.ts';
import type { PollerResult } from './poller-scale.ts';
import { READINGS_TARGET_RATIO, type ReadingsResult } from './readings.ts';

export const verdict = (met: boolean) => (met ? '**met**' : '**MISSED**');
export const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
/** A Markdown table's header row and the separator row under it. */
export const tableHead = (cells: string[]) => [row(cells), row(cells.map(() => '---'))];
export const secs = (value: number) => `${(value / 1000).toFixed(1)} s`;
/** "Grows linearly": the time (or memory) ratio between sizes is at most ~ the size ratio (here ≤ 1.25×). */
export const LINEAR_SLACK = 1.25;

/** Median pauses per run, the worst pause, and the pauses over 5 ms of all runs (runs from before: n/a). */
function gcCell(runs: AckResult['cells'][number]['runs']): string {
  const measured = runs.flatMap((r) => (r.gc ? [r.gc] : []));
  if (measured.length === 0) return 'n/a';
  return `${median(measured.map((g) => g.count)).toFixed(0)} (${Math.max(...measured.map((g) => g.maxMs)).toFixed(1)}, ${measured.reduce((n, g) => n + g.over5ms, 0)})`;
}

/** The host's DAMON CPU time in each run (ms), or why there is none. */
function kdamondCell(runs: AckResult['cells'][number]['runs']): string {
  if (runs.every((r) => r.hostKdamondMs === undefined)) return 'none';
  return runs.map((r) => (r.hostKdamondMs === undefined ? 'n/a' : `${r.hostKdamondMs} ms`)).join(', ');
}

export function ackSection(a: AckResult): string[] {
  const lines = [
    '## 1. Ack latency',
    '',
    `Signed requests over HTTP (undici Pool, open loop, latency measured from the scheduled send time), half`,
    `slash commands (\`/source pump\`, \`/task list open\`, \`/reading 1008 24h\`, each with a live response_url) and`,
    `half submissions of the task modal (site, priority and a due date; each with its own view id, so each creates`,
    `a task), for ${secs(a.durationMs)} per run, ${a.reps} runs per cell, while the sandbox answers **every** call`,
    `after ${SLOW_PLATFORM_MS} ms. fieldline runs like main.ts (sqlite store, info logs, jobs behind the bounded`,
    `in-process queue with default JOB_CONCURRENCY and JOB_QUEUE_BOUND, run in the job worker thread); the bare app`,
    `is Bolt with its stock HTTPReceiver and listeners that only ack (fieldline receives with its own, src/runtime/signed-receiver.ts:`,
    `the same checks and answers, the body parsed once). Each app, the load generator and the sandbox + stand-in are`,
    `processes of their own (the sandbox + stand-in process plays remote services and should not take CPU from the app: its`,
    `threads run SCHED_IDLE, or at nice ${PLATFORM_NICE} where \`chrt\` is missing). fieldline is started with its runtime flags`,
    `(src/base/runtime-flags.ts: ${RUNTIME_FLAGS.join(' ')}, as npm start and the image run it); bare Bolt with Node's defaults. Both apps stay up and their runs alternate (fieldline then bare, then bare then fieldline, …), so the`,
    `machine's drift over a cell falls on both alike; the app not under load is stopped (SIGSTOP) during the other's run and drain.`,
    `The last column is the CPU time of the host kernel's DAMON threads (kdamond: memory-access sampling and pageout of`,
    `cold memory) during each run, from /proc (10 ms ticks; "none": no such thread, or a run from before it was measured).`,
    `Where it runs, both apps' slowest acks come in bursts on its rhythm (bench/lib/host-reclaim.ts), so a run's p99`,
    `is read next to it.`,
    `Each app first took ${secs(a.warmupMs)} of unmeasured warm-up load (fieldline: ${a.warmupOver} of those acks took longer than ${SLACK_LIMIT_MS} ms).`,
    '',
    ...tableHead([
      'app',
      'rate',
      'p50 (median of runs)',
      'p99 (median of runs)',
      'max (worst run)',
      `> ${SLACK_LIMIT_MS} ms or failed (all runs)`,
      'p99 per run',
      'platform calls (last run)',
      'app CPU per request',
      'acking thread CPU per request (run)',
      'acking thread GC pauses per run (max ms, > 5 ms)',
      'app event-loop delay p99 / max',
      'host kdamond CPU per run',
    ]),
  ];
  for (const c of a.cells) {
    lines.push(
      row([
        ...latencyColumns(c, 0),
        String(c.runs.at(-1)?.platformCalls ?? 0),
        ms(median(c.runs.map((r) => r.cpuMsPerRequest))),
        ms(median(c.runs.map((r) => r.ackThreadMsPerRequest ?? Number.NaN)), 2),
        gcCell(c.runs),
        `${ms(median(c.runs.map((r) => r.loopP99)), 0)} / ${ms(Math.max(...c.runs.map((r) => r.loopMax)), 0)}`,
        kdamondCell(c.runs),
      ]),
    );
  }
  lines.push(
    '',
    ...tableHead([
      'rate',
      'p99 fieldline / p99 bare',
      `target ≤ ${P99_TARGET_RATIO}× and 0 over ${SLACK_LIMIT_MS} ms`,
    ]),
  );
  for (const c of a.comparisons)
    lines.push(row([`${c.rate}/s`, ratio(c.p99Ratio), `${verdict(c.met)} (${c.over} over)`]));
  const kinds = a.cells.filter((c) => c.app === 'fieldline');
  if (kinds.length > 0) {
    lines.push('', 'fieldline p99 by request kind (median of runs):', '');
    for (const c of kinds) {
      const names = Object.keys(c.runs[0]?.p99ByKind ?? {});
      lines.push(
        `- ${c.rate}/s: ${names.map((k) => `${k} ${ms(median(c.runs.map((r) => r.p99ByKind[k] ?? Number.NaN)))}`).join(', ')}`,
      );
    }
  }
  return lines;
}

export function pollerSection(p: PollerResult): string[] {
  const lines = [
    '## 2. Poller scale',
    '',
    `The relay wired like main.ts (sqlite store, directory) in its own process, started with the runtime flags (${RUNTIME_FLAGS.join(' ')}), one channel subscribed to alerts and`,
    `tasks of every site; the sandbox (own process) seeded with N data sources and N tasks. One priming cycle, then`,
    `the measured cycles. Minimal calls = (⌊N / ${p.pageSize}⌋ + 1) pages of data sources + the same for tasks (a full`,
    `last page needs one more call to prove the end, contract paging rule 4) + one full record per camera source`,
    `(device status, issue 7). Peak RSS is the relay process's maxRSS; growth is peak minus its RSS before the first cycle.`,
    '',
    ...tableHead([
      'N',
      'cycle time (median)',
      'cycles (ms)',
      'first cycle',
      'calls made',
      'minimal calls',
      'calls by route',
      'RSS before',
      'peak RSS',
      'growth',
    ]),
  ];
  for (const s of p.sizes) {
    lines.push(
      row([
        s.size.toLocaleString('en-US'),
        ms(s.medianMs, 0),
        s.cycleMs.map((m) => m.toFixed(0)).join(', '),
        ms(s.firstCycleMs, 0),
        s.totalCalls,
        `${s.minimalCalls} ${s.totalCalls === s.minimalCalls ? '(equal)' : '(**differs**)'}`,
        Object.entries(s.calls)
          .map(([k, v]) => `${k}: ${v}`)
          .join('; '),
        mib(s.baselineRss),
        mib(s.peakRss),
        mib(s.peakRss - s.baselineRss),
      ]),
    );
  }
  lines.push(
    '',
    ...tableHead([
      'sizes',
      'size ratio',
      'time ratio',
      'time ratio / size ratio',
      'RSS growth ratio',
      'RSS growth ratio / size ratio',
    ]),
  );
  for (const g of p.growth) {
    lines.push(
      row([
        `${g.from} → ${g.to}`,
        ratio(g.sizeRatio),
        ratio(g.timeRatio),
        (g.timeRatio / g.sizeRatio).toFixed(2),
        ratio(g.memRatio),
        (g.memRatio / g.sizeRatio).toFixed(2),
      ]),
    );
  }
  const linear = p.growth.every(
    (g) => g.timeRatio / g.sizeRatio <= LINEAR_SLACK && g.memRatio / g.sizeRatio <= LINEAR_SLACK,
  );
  lines.push(
    '',
    `Target: calls = minimal — ${verdict(p.callsMinimal)}. Time and memory grow linearly (a ratio / size ratio of at most ~1, here checked as ≤ 1.25) — ${verdict(linear)}.`,
  );
  return lines;
}

export function readingsSection(r: ReadingsResult): string[] {
  return [
    '## 3. Readings',
    '',
    `\`/reading 1008 30d\` over 1-minute data: ${r.rows.toLocaleString('en-US')} rows in ${r.pages} pages of 500. fieldline's report`,
    `(summary + downsampler, buildReadingReport) vs a raw loop that only pages GET /reading for the same range with`,
    `the same client; runs alternate, sandbox in its own process.`,
    '',
    ...tableHead(['', 'median', 'runs (ms)']),
    row(['raw paging loop', ms(median(r.rawMs), 0), r.rawMs.map((m) => m.toFixed(0)).join(', ')]),
    row(['fieldline report', ms(median(r.reportMs), 0), r.reportMs.map((m) => m.toFixed(0)).join(', ')]),
    row(['chart SVG → PNG', ms(r.chartMedianMs, 0), r.chartMs.map((m) => m.toFixed(0)).join(', ')]),
    '',
    `Report / raw: **${ratio(r.ratio, 3)}** (target ≤ ${READINGS_TARGET_RATIO}×: ${verdict(r.met)}).`,
    `Chart: ${r.chartPoints} downsampled points whatever the row count, SVG ${kib(r.svgBytes)}, PNG ${kib(r.pngBytes)}, rendered in ${ms(r.chartMedianMs, 0)} (median).`,
  ];
}

export function deliverySection(d: DeliveryResult): string[] {
  return [
    '## 4. Delivery',
    '',
    `${d.events.toLocaleString('en-US')} alert events over ${d.channels} channels, enqueued at once in the relay's persistent outbox`,
    `(sqlite) and delivered by its per-channel queues; the stand-in answered ${d.rateLimited} of ${d.calls} chat.postMessage`,
    `calls (${((100 * d.rateLimited) / Math.max(1, d.calls)).toFixed(0)} %) with 429 and a Retry-After of 1–3 s. Lag = time from enqueue to the`,
    `successful post, so with everything enqueued at once it is mostly the backlog at ~1 message per second per channel.`,
    '',
    ...tableHead([
      'lost',
      'duplicates',
      'order violations',
      'p50 lag',
      'p95 lag',
      'max lag',
      'max posts to one channel in any 1 s',
      'max calls (incl. 429) in any 1 s',
      'max calls (incl. 429) in any 10 s',
      'shortest gap between calls to one channel',
      'drain time',
    ]),
    row([
      d.lost,
      d.duplicates,
      d.orderViolations,
      secs(d.p50LagMs),
      secs(d.p95LagMs),
      secs(d.maxLagMs),
      d.maxPerSecond,
      d.maxAttemptsPerSecond,
      d.maxAttemptsPer10s,
      ms(d.minGapMs, 0),
      secs(d.drainMs),
    ]),
    '',
    `Targets: 0 lost, 0 order violations, ≤ ~1 message/s per channel (checked as at most ${MAX_PER_10S} calls, 429-answered`,
    `ones included, to one channel in any 10 s) — ${verdict(d.met)}.`,
    ...(d.maxPerSecond > 1 || d.maxAttemptsPerSecond > 1
      ? [
          '',
          `Over single seconds, up to ${Math.max(d.maxPerSecond, d.maxAttemptsPerSecond)} calls reached one channel within 1 s (shortest gap ${ms(d.minGapMs, 0)}):`,
          'the relay spaces writes 1 s apart from the moment it *sends*, so a slow request followed by a fast one',
          'arrives less than 1 s apart. Pacing from the completion of the previous write would keep arrivals ≥ 1 s apart.',
        ]
      : []),
  ];
}
