/** docs/benchmarks.md sections for issue 36: the storm of the heaviest command (8) and fairness (9). */
import type { AckResult } from '../ack-latency.ts';
import { P99_TARGET_RATIO, SLACK_LIMIT_MS } from '../ack-latency.ts';
import { FAIR_TARGET_RATIO, type FairResult } from '../fairness.ts';
import { STORM_COMMAND } from '../storm.ts';
import { WORK_NICE } from '../../src/base/thread-priority.ts';
import { DEFAULT_PACE } from '../../src/runtime/jobs/work-pace.ts';
import { median, ms, ratio } from './stats.ts';
import { latencyColumns } from './stats.ts';

const verdict = (met: boolean) => (met ? '**met**' : '**MISSED**');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const head = (cells: string[]) => [row(cells), row(cells.map(() => '---'))];
const secs = (value: number) => `${(value / 1000).toFixed(1)} s`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export interface SummaryRow {
  name: string;
  figure: string;
  target: string;
  met: boolean;
}

export function stormVerdicts(a: AckResult | undefined): SummaryRow[] {
  return (a?.comparisons ?? []).map((c) => ({
    name: `storm ${STORM_COMMAND.command} ${c.rate}/s`,
    figure: `ack p99 ${ratio(c.p99Ratio)} bare, ${c.over} over ${SLACK_LIMIT_MS} ms`,
    target: `≤ ${P99_TARGET_RATIO}×, 0 over`,
    met: c.met,
  }));
}

export function fairVerdicts(f: FairResult | undefined): SummaryRow[] {
  return (f?.engines ?? []).map((e) => ({
    name: `fairness (${e.engine})`,
    figure: `B's p95 ${ratio(e.ratio)} alone (${ms(e.aloneP95, 0)} → ${ms(e.burstP95, 0)})`,
    target: `≤ ${FAIR_TARGET_RATIO}×`,
    met: e.met,
  }));
}

export function stormSection(a: AckResult): string[] {
  const lines = [
    '## 8. Storm of the heaviest command',
    '',
    `Only \`${STORM_COMMAND.command} ${STORM_COMMAND.text}\` (a day of one-minute readings paged from the platform, summarised and`,
    `charted), each with its own response_url, at ${a.cells
      .map((c) => c.rate)
      .filter((r, i, all) => all.indexOf(r) === i)
      .join(', ')} requests/s for ${secs(a.durationMs)} per run, ${a.reps} runs per cell, the`,
    "platform answering at once: the jobs' CPU (parsing pages, drawing charts) runs while the acks are measured. Method",
    `and children as section 1 (interleaved runs, the idle app stopped, ${secs(a.warmupMs)} warm-up each). The job thread`,
    `and the threads it starts (the chart renderer) run SCHED_IDLE, or at nice ${WORK_NICE} (src/base/thread-priority.ts), the acking`,
    "thread at the process's. The requests are all one person's, so their jobs run at most JOB_LANE_MAX at once (section 9).",
    `Past ${DEFAULT_PACE.stormRate} requests/s the jobs start at most ${DEFAULT_PACE.stormStarts} a second (src/runtime/jobs/work-pace.ts,`,
    'docs/decisions/0010-storm-pace.md), so the queue fills and, past its bound, requests are answered busy at the door.',
    '',
    ...head([
      'app',
      'rate',
      'p50',
      'p99 (median of runs)',
      'max (worst run)',
      `> ${SLACK_LIMIT_MS} ms or failed`,
      'p99 per run',
      'acks accepted / queued / refused',
      'acking thread CPU per request',
      'app CPU per request',
      'GC pauses per run (max ms)',
    ]),
  ];
  for (const c of a.cells) {
    const o = (k: 'accepted' | 'queued' | 'refused') => sum(c.runs.map((r) => r.outcomes[k]));
    lines.push(
      row([
        ...latencyColumns(c, 1),
        `${o('accepted')} / ${o('queued')} / ${o('refused')}`,
        ms(median(c.runs.map((r) => r.ackThreadMsPerRequest ?? Number.NaN)), 2),
        ms(median(c.runs.map((r) => r.cpuMsPerRequest))),
        `${median(c.runs.map((r) => r.gc?.count ?? Number.NaN)).toFixed(0)} (${Math.max(...c.runs.map((r) => r.gc?.maxMs ?? 0)).toFixed(1)})`,
      ]),
    );
  }
  lines.push(
    '',
    ...head([
      'rate',
      'p99 fieldline / p99 bare',
      `target ≤ ${P99_TARGET_RATIO}×, 0 over ${SLACK_LIMIT_MS} ms`,
    ]),
  );
  for (const c of a.comparisons)
    lines.push(row([`${c.rate}/s`, ratio(c.p99Ratio), `${verdict(c.met)} (${c.over} over)`]));
  return lines;
}

export function fairSection(f: FairResult): string[] {
  const lines = [
    '## 9. Fairness',
    '',
    `Person B sends \`/task list\` once a second for ${secs(f.windowMs)}; each answer's time runs from the command's scheduled send to`,
    `the arrival of B's response_url answer at the stand-in. Alone, and while person A (same workspace) sends ${f.readings}`,
    `\`/reading 1008 24h\` in ${secs(f.burstMs)}, starting just before B's first command, against a platform that answers A's reading`,
    `calls (GET /reading) after ${ms(f.platformMs, 0)}; B's calls are answered at once. ${f.rounds} round(s), alone and burst alternating,`,
    "the queue emptied (platform at once) after each; p95 of B's answers per run, median over the rounds. The app as",
    'main.ts runs it (default JOB_* settings): in-process queue with the sqlite store; BullMQ with a private redis-server.',
    'Both serve people and workspaces in turns, and run at most JOB_LANE_MAX (default 8: half the platform connections) of one',
    "person's jobs at once, so A's calls never take every connection B's call needs (src/runtime/jobs/lanes.ts, bull-lanes.ts).",
    'Before lanes (issue 36): 68 ms alone, 21.3 s during the burst (316×).',
    ...(f.bullSkipped ? ['', `BullMQ not measured: ${f.bullSkipped}.`] : []),
    '',
    ...head([
      'engine',
      "B's p95 alone",
      "B's p95 during A's burst",
      'ratio',
      `target ≤ ${FAIR_TARGET_RATIO}×`,
      'p95 per run, alone / burst',
      "B's slowest answer during the burst",
      'unanswered (alone / burst)',
      "A's acks accepted / queued / refused",
    ]),
  ];
  for (const e of f.engines) {
    const a = (k: 'accepted' | 'queued' | 'refused') => sum(e.burst.map((r) => r.aOutcomes?.[k] ?? 0));
    lines.push(
      row([
        e.engine,
        ms(e.aloneP95, 0),
        ms(e.burstP95, 0),
        ratio(e.ratio),
        verdict(e.met),
        `${e.alone.map((r) => r.p95.toFixed(0)).join(', ')} / ${e.burst.map((r) => r.p95.toFixed(0)).join(', ')}`,
        ms(Math.max(...e.burst.flatMap((r) => r.answersMs)), 0),
        `${sum(e.alone.map((r) => r.missing))} / ${sum(e.burst.map((r) => r.missing))}`,
        `${a('accepted')} / ${a('queued')} / ${a('refused')}`,
      ]),
    );
  }
  return lines;
}
