/**
 * docs/benchmarks.md sections for issue 18's job queue: what every ack said, the jobs each run accepted against
 * what finished, throughput and memory at saturation, CPU per request against the baseline, CPU by kind
 * (bench/cpu-per-kind.ts) and the two-replica kill.
 */
import type { AckResult } from '../ack-latency.ts';
import { MAX_CONNECTIONS } from '../../src/monitoring/http.ts';
import { CPU_BASELINE_MS, CPU_TARGET_MS, RSS_BOUND_BYTES, SLOW_PLATFORM_MS } from '../ack-latency.ts';
import type { ReplicasResult } from '../replicas.ts';
import type { ScriptResult } from './cpu-per-kind-run.ts';
import { median, mib, ms, ratio } from './stats.ts';
import { DEFAULT_LIMITS } from '../../src/runtime/jobs/job-queue.ts';
import { defaultLaneMax } from '../../src/runtime/jobs/lanes.ts';

/** One person's jobs running at once by default, as src/main/jobs-setup.ts sets it. */
const PER_PERSON = defaultLaneMax(DEFAULT_LIMITS.concurrency, MAX_CONNECTIONS);

const verdict = (met: boolean) => (met ? '**met**' : '**MISSED**');
const row = (cells: (string | number)[]) => `| ${cells.join(' | ')} |`;
const head = (cells: string[]) => [row(cells), row(cells.map(() => '---'))];
const secs = (value: number) => `${(value / 1000).toFixed(1)} s`;
const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

export function ackOutcomeLines(a: AckResult): string[] {
  const lines = [
    '### Acks by what they said',
    '',
    'Every ack classified by its body: accepted (plain ack, the work starts now), queued (accepted behind others:',
    '"queued (position N)" in a command\'s ephemeral text or a submission\'s notice modal), refused busy ("try again',
    'in a minute", or a submission\'s `errors` answer "submit again in a minute"; nothing recorded), rejected (any',
    'other errors answer) and failed (no 200). Counts over all runs of the cell.',
    '',
    ...head([
      'app',
      'rate',
      'requests',
      'accepted',
      'queued',
      'largest position',
      'refused busy',
      'rejected',
      'failed',
    ]),
  ];
  for (const c of a.cells) {
    const o = (k: keyof AckResult['cells'][number]['runs'][number]['outcomes']) =>
      sum(c.runs.map((r) => r.outcomes[k]));
    lines.push(
      row([
        c.app,
        `${c.rate}/s`,
        sum(c.runs.map((r) => r.count)),
        o('accepted'),
        o('queued'),
        Math.max(0, ...c.runs.map((r) => r.maxPosition)),
        o('refused'),
        o('rejected'),
        o('failed'),
      ]),
    );
  }
  const rejected = a.cells.flatMap((c) =>
    c.runs.flatMap((r) => Object.entries(r.rejectedBodies ?? {}).map(([body, n]) => ({ c, body, n }))),
  );
  if (rejected.length > 0) {
    lines.push('', 'Rejected acks (an `errors` answer that is not the busy one), by body:', '');
    for (const { c, body, n } of rejected)
      lines.push(`- ${c.app} ${c.rate}/s, ${n}×: \`${body.replace(/`/g, "'")}\``);
  }
  return lines;
}

export function jobsLines(a: AckResult): string[] {
  const lines = [
    '### Accepted jobs against finished jobs, throughput, memory',
    '',
    'After each fieldline run the bench polls `/readyz` until no job waits or runs (bounded: it would say "not',
    'drained"); meanwhile the platform answers at once (calls already waiting keep their 2.5 s), because at 2.5 s per',
    'call a full queue takes minutes to empty and every run starts with an empty queue. Accepted = acks without "try',
    'again" (accepted + queued); finished = done + failed from `/readyz` (this run\'s share). Throughput = jobs',
    "finished per second over the run's second half (the queue at its steady state, platform at 2.5 s). Peak RSS:",
    'the app process (main and job threads), sampled every 250 ms over the run and the drain.',
    '',
    ...head([
      'rate',
      'run',
      'accepted',
      'done',
      'failed',
      'lost (accepted − finished)',
      'saturated',
      'throughput (jobs/s)',
      'drain',
      'peak RSS',
    ]),
  ];
  for (const c of a.cells.filter((x) => x.app === 'fieldline')) {
    for (const [i, r] of c.runs.entries()) {
      const j = r.jobs;
      if (!j) continue;
      lines.push(
        row([
          `${c.rate}/s`,
          i + 1,
          j.accepted,
          j.done,
          j.failed,
          j.lost,
          j.saturated ? 'yes' : 'no',
          Number.isFinite(j.throughput) ? j.throughput.toFixed(1) : 'n/a',
          `${j.drained ? '' : '**not drained** after '}${secs(j.drainMs)}`,
          mib(r.peakRssBytes),
        ]),
      );
    }
  }
  const s = a.saturation;
  if (s) {
    lines.push(
      '',
      `Saturation at ${s.rate}/s: ${s.accepted} jobs accepted, ${s.lost} lost, ${s.drained ? 'every run drained' : '**a run did not drain**'}; throughput ${s.throughput.toFixed(1)} jobs/s (median of runs); peak RSS ${mib(s.peakRssBytes)} against the stated bound of ${mib(RSS_BOUND_BYTES)} (${ratio(s.peakRssBytes / RSS_BOUND_BYTES)} of it) — ${verdict(s.met)}.`,
    );
  }
  const satRuns = a.cells.find((c) => c.app === 'fieldline' && c.rate === s?.rate)?.runs ?? [];
  const callsPerJob = median(
    satRuns.flatMap((r) => (r.jobs ? [r.platformCalls / Math.max(1, r.jobs.finished)] : [])),
  );
  if (s && Number.isFinite(callsPerJob)) {
    // Every request of this bench is one person's, whose jobs run at most PER_PERSON at once (issue 36).
    const calls = Math.min(MAX_CONNECTIONS, PER_PERSON) / (SLOW_PLATFORM_MS / 1000);
    lines.push(
      '',
      `What bounds that throughput: each job made ${callsPerJob.toFixed(1)} platform calls (calls / finished jobs, median of runs); the`,
      `monitoring client keeps at most ${MAX_CONNECTIONS} connections to the platform (src/monitoring/http.ts), and every request of this bench is`,
      `one person's, whose jobs run at most ${PER_PERSON} at once (JOB_LANE_MAX's default: half the connections, so others' jobs find one free).`,
      `So at ${SLOW_PLATFORM_MS} ms per call at most ${calls.toFixed(1)} calls/s, i.e. about ${(calls / callsPerJob).toFixed(1)} jobs/s, whatever JOB_CONCURRENCY allows.`,
    );
  }
  if (a.cpu) {
    const bare = median(
      a.cells.find((c) => c.app === 'bare' && c.rate === a.cpu?.rate)?.runs.map((r) => r.cpuMsPerRequest) ??
        [],
    );
    const perAccepted = median(
      a.cells
        .find((c) => c.app === 'fieldline' && c.rate === a.cpu?.rate)
        ?.runs.map((r) => r.cpuMsPerAccepted) ?? [],
    );
    lines.push(
      '',
      `CPU per request at ${a.cpu.rate}/s (app process, all threads, over the run and its drain, median of runs): ${ms(a.cpu.msPerRequest)} against the baseline ${ms(CPU_BASELINE_MS)} (${ratio(a.cpu.msPerRequest / CPU_BASELINE_MS)} of it; target ≤ ${ms(CPU_TARGET_MS, 2)}, at least halved) — ${verdict(a.cpu.met)}. Per accepted job: ${ms(perAccepted)}; bare Bolt: ${ms(bare)} per request.`,
    );
  }
  return lines;
}

export function cpuPerKindSection(c: ScriptResult): string[] {
  return [
    '## 6. CPU per request by kind',
    '',
    `From \`${['npx tsx bench/cpu-per-kind.ts', ...c.args].join(' ')}\` (run as a child by the bench; each kind on its own, the`,
    'platform answering after a short delay, CPU of the app process over the busy window less its idle rate).',
    '',
    ...(c.markdown ? [c.markdown] : [`Not measured: ${c.error ?? 'unknown error'}.`]),
  ];
}

export function ackThreadCpuSection(c: ScriptResult): string[] {
  return [
    '## 7. Acking thread CPU per request',
    '',
    `From \`${['npx tsx bench/ack-thread-cpu.ts', ...c.args].join(' ')}\` (run as a child by the bench): the ack benchmark's`,
    "children and mix, one request at a time, the acking thread's CPU time per request (from /proc) after 1,000",
    "unmeasured requests. This is what sets the ack p99 of section 1 apart from bare Bolt's, without its timing noise.",
    "The last column is the time the acking thread's garbage collections paused it, per request (each app with the flags",
    "it runs with in section 1: fieldline with its runtime flags, bare Bolt with Node's defaults).",
    '',
    ...(c.markdown ? [c.markdown] : [`Not measured: ${c.error ?? 'unknown error'}.`]),
  ];
}

export function replicasSection(r: ReplicasResult): string[] {
  return [
    '## 5. Two replicas, one killed',
    '',
    `A private redis-server (free loopback port), the sandbox + stand-in answering every call after ${r.platformMs} ms, and two`,
    `fieldline replicas on that Redis (BullMQ jobs, JOB_LOCK_SECONDS=${r.lockSeconds}). Task-modal submissions, each with its own view id`,
    `and task name, at ${r.rate}/s for ${secs(r.durationMs)}: the first half spread over both replicas, then one replica SIGKILLed`,
    `(with ${r.activeAtKill} jobs active and ${r.waitingAtKill} waiting in Redis) and the second half sent to the survivor. The bench then`,
    "polls Redis until no job waits, runs or is delayed, and counts the sandbox's tasks per name (GET /tasks).",
    '',
    ...head([
      'sent',
      'accepted (queued)',
      'refused / failed acks',
      'jobs taken over after the kill',
      'drain',
      'tasks found',
      'lost',
      'duplicates',
      'tasks for refused',
      'failed jobs',
    ]),
    row([
      r.sent,
      `${r.accepted} (${r.outcomes.queued})`,
      `${r.outcomes.refused + r.outcomes.rejected} / ${r.outcomes.failed}`,
      r.takenOver,
      `${r.drained ? '' : '**not drained** after '}${secs(r.drainMs)}`,
      r.tasksFound,
      r.lost,
      r.duplicates,
      r.unexpected,
      r.failedJobs,
    ]),
    '',
    `Target: every accepted submission creates its task exactly once (0 lost, 0 duplicates) — ${verdict(r.met)}.`,
    ...(r.takenOver === 0
      ? [
          '',
          'Note: no job was taken over from the killed replica (it had none running), so this run did not exercise',
          'the takeover; the count only shows the surviving replica kept up.',
        ]
      : []),
  ];
}
