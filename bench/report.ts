/** Renders every benchmark's figures as docs/benchmarks.md: machine, summary, misses, then each benchmark. */
import type { AckResult } from './ack-latency.ts';
import {
  CPU_BASELINE_MS,
  CPU_TARGET_MS,
  P99_TARGET_RATIO,
  RSS_BOUND_BYTES,
  SLACK_LIMIT_MS,
} from './ack-latency.ts';
import type { DeliveryResult } from './delivery.ts';
import type { FairResult } from './fairness.ts';
import { carriedNote, type CarriedOver } from './lib/carry-over.ts';
import type { ScriptResult } from './lib/cpu-per-kind-run.ts';
import type { MachineInfo } from './lib/machine.ts';
import {
  ackOutcomeLines,
  ackThreadCpuSection,
  cpuPerKindSection,
  jobsLines,
  replicasSection,
} from './lib/sections-jobs.ts';
import { fairSection, fairVerdicts, stormSection, stormVerdicts } from './lib/sections-fair.ts';
import { scaleSection, scaleVerdicts } from './lib/sections-scale.ts';
import type { ScaleResult } from './scale.ts';
import { median, mib, ms, ratio } from './lib/stats.ts';
import type { PollerResult } from './poller-scale.ts';
import { READINGS_TARGET_RATIO, type ReadingsResult } from './readings.ts';
import type { ReplicasResult } from './replicas.ts';
import {
  ackSection,
  deliverySection,
  LINEAR_SLACK,
  pollerSection,
  readingsSection,
  row,
  tableHead,
  secs,
  verdict,
} from './report-sections.ts';

export interface BenchReport {
  machine: MachineInfo;
  mode: 'full' | 'quick';
  load: { before: number[]; after: number[] };
  totalMs: number;
  ack?: AckResult;
  poller?: PollerResult;
  readings?: ReadingsResult;
  delivery?: DeliveryResult;
  cpuPerKind?: ScriptResult;
  ackThreadCpu?: ScriptResult;
  replicas?: ReplicasResult;
  /** `/reading` alone at 200/s against bare Bolt (bench/storm.ts). */
  storm?: AckResult;
  fair?: FairResult;
  /** Many workspaces, each with its own platform connection (bench/scale.ts, issue 39). */
  scale?: ScaleResult;
  /** Benchmarks this run did not repeat, kept from the file it replaces. */
  carried?: CarriedOver;
}

interface Verdict {
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

function verdicts(r: BenchReport): Verdict[] {
  const out: Verdict[] = [];
  for (const c of r.ack?.comparisons ?? []) {
    out.push({
      name: `ack latency ${c.rate}/s`,
      figure: `p99 ${ratio(c.p99Ratio)} bare, ${c.over} over ${SLACK_LIMIT_MS} ms`,
      target: `≤ ${P99_TARGET_RATIO}×, 0 over`,
      met: c.met,
    });
  }
  const a = r.ack;
  if (a?.cpu) {
    out.push({
      name: `CPU per request ${a.cpu.rate}/s`,
      figure: `${ms(a.cpu.msPerRequest)} = ${ratio(a.cpu.msPerRequest / CPU_BASELINE_MS)} the ${ms(CPU_BASELINE_MS)} baseline`,
      target: `≤ ${ms(CPU_TARGET_MS, 2)} (halved)`,
      met: a.cpu.met,
    });
  }
  if (a?.saturation) {
    const s = a.saturation;
    out.push({
      name: `saturation ${s.rate}/s`,
      figure: `${s.lost} of ${s.accepted} accepted jobs lost${s.drained ? '' : ', not drained'}, ${s.throughput.toFixed(1)} jobs/s, peak RSS ${mib(s.peakRssBytes)} (${ratio(s.peakRssBytes / RSS_BOUND_BYTES)} the bound)`,
      target: `0 lost, RSS ≤ ${mib(RSS_BOUND_BYTES)}`,
      met: s.met,
    });
  }
  if (r.replicas) {
    const p = r.replicas;
    out.push({
      name: 'two replicas, one SIGKILLed',
      figure: `${p.accepted} accepted: ${p.lost} lost, ${p.duplicates} duplicates${p.drained ? '' : ', not drained'}`,
      target: 'each exactly once',
      met: p.met,
    });
  }
  if (r.poller) {
    const p = r.poller;
    out.push({
      name: 'poller calls',
      figure: p.sizes.map((s) => `${s.totalCalls}/${s.minimalCalls}`).join(', '),
      target: '= minimal',
      met: p.callsMinimal,
    });
    for (const g of p.growth) {
      out.push({
        name: `poller ${g.from} → ${g.to}`,
        figure: `time ${ratio(g.timeRatio)}, RSS growth ${ratio(g.memRatio)} for ${ratio(g.sizeRatio)} size`,
        target: 'linear',
        met: g.timeRatio / g.sizeRatio <= LINEAR_SLACK && g.memRatio / g.sizeRatio <= LINEAR_SLACK,
      });
    }
  }
  if (r.readings) {
    out.push({
      name: 'readings report / raw',
      figure: ratio(r.readings.ratio, 3),
      target: `≤ ${READINGS_TARGET_RATIO}×`,
      met: r.readings.met,
    });
  }
  if (r.delivery) {
    const d = r.delivery;
    out.push({
      name: 'delivery',
      figure: `${d.lost} lost, ${d.orderViolations} out of order, p95 lag ${secs(d.p95LagMs)}, ≤ ${d.maxPerSecond} in any 1 s`,
      target: '0, 0, ~1/s',
      met: d.met,
    });
  }
  out.push(...stormVerdicts(r.storm), ...fairVerdicts(r.fair), ...scaleVerdicts(r.scale));
  return out;
}

/** Facts from the run that explain a missed ack-latency target. */
function ackFindings(a: AckResult): string[] {
  const of = (app: string, rate: number, figure: (r: AckResult['cells'][number]['runs'][number]) => number) =>
    median(a.cells.find((c) => c.app === app && c.rate === rate)?.runs.map(figure) ?? []);
  const lines = [
    "- Ack latency: an ack waits for the acking thread's work on the acks before it. That thread's CPU per",
    "  request, fieldline against bare (median of runs; section 7 measures it one request at a time), and the app's",
    '  CPU per request, all threads, over the run and its drain:',
  ];
  for (const c of a.comparisons) {
    const ackF = of('fieldline', c.rate, (r) => r.ackThreadMsPerRequest ?? Number.NaN);
    const ackB = of('bare', c.rate, (r) => r.ackThreadMsPerRequest ?? Number.NaN);
    lines.push(
      `  at ${c.rate}/s, acking thread ${ms(ackF, 2)} against ${ms(ackB, 2)} (${ratio(ackF / ackB)}); app ${ms(of('fieldline', c.rate, (r) => r.cpuMsPerRequest))} (bare ${ms(of('bare', c.rate, (r) => r.cpuMsPerRequest))}).`,
    );
  }
  return lines;
}

/** Carried summary rows whose verdict was a miss: still missed, only not re-run this time. */
function carriedMisses(carried: CarriedOver | undefined): string[] {
  return (carried?.summaryRows ?? [])
    .filter((line) => line.includes('**MISSED**'))
    .map((line) => {
      const [name = '', figure = '', target = ''] = line
        .split('|')
        .slice(1)
        .map((cell) => cell.trim());
      return `- **${name}**: ${figure} (target ${target}; not re-run this time).`;
    });
}

export function renderReport(r: BenchReport): string {
  const m = r.machine;
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(', ');
  const lines = [
    '# Benchmarks',
    '',
    `Written by \`npm run bench\`${r.mode === 'quick' ? ' **in --quick mode (smoke run; not the real figures)**' : ''} on ${m.date}; the run took ${secs(r.totalMs)}.`,
    'Comparisons are ratios measured in the same run; times are medians of the repetitions listed. Targets are',
    'stated as given; where one is missed this file says so.',
    '',
    ...tableHead(['CPU', 'cores', 'memory', 'Node', 'OS', 'load average before / after (1, 5, 15 min)']),
    row([
      m.cpu,
      m.cores,
      `${m.memoryGiB} GiB`,
      m.node,
      m.os,
      `${load(r.load.before)} / ${load(r.load.after)}`,
    ]),
    '',
  ];
  const all = verdicts(r);
  lines.push('## Summary', '', ...tableHead(['benchmark', 'figure', 'target', 'verdict']));
  for (const v of all) lines.push(row([v.name, v.figure, v.target, verdict(v.met)]));
  if (r.carried && r.carried.summaryRows.length > 0) {
    lines.push(
      '',
      `Not re-run this time (figures of the run of ${[...new Set(r.carried.sections.map((c) => c.date))].join(' / ') || r.carried.date}, sections kept below as they were):`,
      '',
      ...tableHead(['benchmark', 'figure', 'target', 'verdict']),
      ...r.carried.summaryRows,
    );
  }
  const missed = all.filter((v) => !v.met);
  lines.push('', '## Targets missed', '');
  const carriedMissed = carriedMisses(r.carried);
  if (missed.length === 0 && carriedMissed.length === 0) lines.push('None.');
  for (const v of missed) lines.push(`- **${v.name}**: ${v.figure} (target ${v.target}).`);
  lines.push(...carriedMissed);
  if (r.ack && r.ack.comparisons.some((c) => !c.met)) lines.push(...ackFindings(r.ack));
  lines.push('');
  const keep = (heading: string) => {
    const section = r.carried?.sections.find((s) => s.lines[0]?.startsWith(heading));
    if (section)
      lines.push(section.lines[0] ?? heading, '', carriedNote(section.date), ...section.lines.slice(1), '');
  };
  if (r.ack) lines.push(...ackSection(r.ack), '', ...ackOutcomeLines(r.ack), '', ...jobsLines(r.ack), '');
  else keep('## 1. Ack latency');
  if (r.poller) lines.push(...pollerSection(r.poller), '');
  else keep('## 2. Poller');
  if (r.readings) lines.push(...readingsSection(r.readings), '');
  else keep('## 3. Readings');
  if (r.delivery) lines.push(...deliverySection(r.delivery), '');
  else keep('## 4. Delivery');
  if (r.replicas) lines.push(...replicasSection(r.replicas), '');
  else keep('## 5. Two replicas');
  if (r.cpuPerKind) lines.push(...cpuPerKindSection(r.cpuPerKind), '');
  else keep('## 6. CPU per request by kind');
  if (r.ackThreadCpu) lines.push(...ackThreadCpuSection(r.ackThreadCpu), '');
  else keep('## 7. Acking thread CPU per request');
  if (r.storm) lines.push(...stormSection(r.storm), '');
  else keep('## 8. Storm');
  if (r.fair) lines.push(...fairSection(r.fair), '');
  else keep('## 9. Fairness');
  if (r.scale) lines.push(...scaleSection(r.scale), '');
  else keep('## 10. Many workspaces');
  return `${lines.join('\n')}\n`;
}
