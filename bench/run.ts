/**
 * `npm run bench` — runs every benchmark and writes docs/benchmarks.md (full run, ~17–20 min on 2 cores).
 * `npm run bench -- --quick` is a short smoke run: same code paths, small sizes, report printed and written to
 * artifacts/benchmarks-quick.md (docs/benchmarks.md keeps the real figures).
 * `--render` measures nothing: it renders the last run's raw figures (artifacts/benchmarks.json, or the quick one
 * with --quick) into the markdown again, e.g. after a change to the report's wording.
 * `--only=ack,cpu,ackcpu,replicas,poller,readings,delivery,storm,fair` runs a subset (cpu: CPU per request by kind,
 * from bench/cpu-per-kind.ts; ackcpu: the acking thread's CPU per request against bare Bolt's, from
 * bench/ack-thread-cpu.ts; replicas: two replicas with Redis, one SIGKILLed mid-load; storm: `/reading` alone at
 * 200/s against bare Bolt, bench/storm.ts; fair: one person's answers during another's burst, bench/fairness.ts).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadavg } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { runAckLatency } from './ack-latency.ts';
import { runDelivery } from './delivery.ts';
import { runFairness } from './fairness.ts';
import { carryOver } from './lib/carry-over.ts';
import { runAckThreadCpu, runCpuPerKind } from './lib/cpu-per-kind-run.ts';
import { machineInfo } from './lib/machine.ts';
import { runPollerScale } from './poller-scale.ts';
import { runReadings } from './readings.ts';
import { runReplicas } from './replicas.ts';
import { renderReport, type BenchReport } from './report.ts';
import { runStorm } from './storm.ts';
import { runScale } from './scale.ts';

const quick = process.argv.includes('--quick');
const onlyArg = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length);
const only = new Set(
  (onlyArg ?? 'ack,cpu,ackcpu,replicas,poller,readings,delivery,storm,fair,scale').split(','),
);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');

const PLAN = quick
  ? {
      ack: { rates: [50, 200], durationMs: 5_000, reps: 1, warmupMs: 3_000 },
      cpu: ['--n=20', '--warmup=5', '--tasks=0'],
      ackcpu: ['--queued=300', '--refused=300'],
      replicas: { rate: 10, durationMs: 8_000, platformMs: 1_000, lockSeconds: 3 },
      poller: { sizes: [500, 2_000], reps: 1 },
      readings: { days: 3, reps: 2 },
      delivery: { channels: 3, events: 30, seed: 7 },
      storm: { rates: [200], durationMs: 5_000, reps: 1, warmupMs: 3_000 },
      fair: { windowMs: 8_000, rounds: 1, readings: 200, burstMs: 4_000 },
      scale: { sizes: [1, 20], intervalMs: 5_000, rounds: 1 },
    }
  : {
      ack: { rates: [50, 200], durationMs: 30_000, reps: 3, warmupMs: 8_000 },
      cpu: [] as string[],
      ackcpu: [] as string[],
      replicas: { rate: 10, durationMs: 20_000, platformMs: 1_000, lockSeconds: 3 },
      poller: { sizes: [1_000, 10_000, 50_000], reps: 3 },
      readings: { days: 30, reps: 7 },
      delivery: { channels: 10, events: 1_000, seed: 7 },
      storm: { rates: [200], durationMs: 30_000, reps: 3, warmupMs: 8_000 },
      fair: { windowMs: 20_000, rounds: 3, readings: 200, burstMs: 4_000 },
      scale: { sizes: [1, 100, 500], intervalMs: 15_000, rounds: 2 },
    };

/** Sections a subset run carries over from the docs/benchmarks.md it replaces (heading, summary rows). */
const CARRIED = [
  { part: 'ack', heading: '## 1. Ack latency', rows: ['ack latency', 'CPU per request', 'saturation'] },
  { part: 'poller', heading: '## 2. Poller', rows: ['poller'] },
  { part: 'readings', heading: '## 3. Readings', rows: ['readings'] },
  { part: 'delivery', heading: '## 4. Delivery', rows: ['delivery'] },
  { part: 'replicas', heading: '## 5. Two replicas', rows: ['two replicas'] },
  { part: 'cpu', heading: '## 6. CPU per request by kind', rows: [] },
  { part: 'ackcpu', heading: '## 7. Acking thread CPU per request', rows: [] },
  { part: 'storm', heading: '## 8. Storm', rows: ['storm'] },
  { part: 'fair', heading: '## 9. Fairness', rows: ['fairness'] },
  { part: 'scale', heading: '## 10. Many workspaces', rows: ['many workspaces'] },
];

const started = performance.now();
const log = (line: string) =>
  process.stdout.write(`[${((performance.now() - started) / 1000).toFixed(0).padStart(4)} s] ${line}\n`);

const rawPath = join(root, 'artifacts', quick ? 'benchmarks-quick.json' : 'benchmarks.json');
const targetPath = quick
  ? join(root, 'artifacts', 'benchmarks-quick.md')
  : join(root, 'docs', 'benchmarks.md');

async function render(): Promise<void> {
  // Our own artifact, written by main() below from a BenchReport.
  const report = JSON.parse(await readFile(rawPath, 'utf8')) as BenchReport;
  await writeFile(targetPath, renderReport(report));
  process.stdout.write(`rendered ${rawPath} to ${targetPath}\n`);
}

async function main(): Promise<void> {
  if (process.argv.includes('--render')) return render();
  const report: BenchReport = {
    machine: machineInfo(),
    mode: quick ? 'quick' : 'full',
    load: { before: loadavg(), after: [] },
    totalMs: 0,
  };
  if (only.has('ack')) report.ack = await runAckLatency({ ...PLAN.ack, log });
  if (only.has('cpu')) report.cpuPerKind = await runCpuPerKind(PLAN.cpu, log);
  if (only.has('ackcpu')) report.ackThreadCpu = await runAckThreadCpu(PLAN.ackcpu, log);
  if (only.has('replicas')) report.replicas = await runReplicas({ ...PLAN.replicas, log });
  // Delivery is paced by Retry-After sleeps and ~1 message/s per channel (almost no CPU), so it runs alongside
  // the poller benchmark to keep the full run short; readings runs alone afterwards.
  const delivery = only.has('delivery') ? runDelivery({ ...PLAN.delivery, log }) : undefined;
  if (only.has('poller')) report.poller = await runPollerScale({ ...PLAN.poller, log });
  if (delivery) report.delivery = await delivery;
  if (only.has('readings')) report.readings = await runReadings({ ...PLAN.readings, log });
  if (only.has('storm')) report.storm = await runStorm({ ...PLAN.storm, log });
  if (only.has('fair')) report.fair = await runFairness({ ...PLAN.fair, log });
  if (only.has('scale')) report.scale = await runScale({ ...PLAN.scale, log });
  report.load.after = loadavg();
  report.totalMs = performance.now() - started;
  const target = targetPath;
  // A subset keeps the other benchmarks' sections and summary rows from the file it replaces.
  const skipped = CARRIED.filter((c) => !only.has(c.part));
  if (!quick && skipped.length > 0) {
    const previous = await readFile(target, 'utf8').catch(() => '');
    report.carried = carryOver(
      previous,
      skipped.map((c) => c.heading),
      skipped.flatMap((c) => c.rows),
    );
  }
  const markdown = renderReport(report);
  await mkdir(dirname(target), { recursive: true });
  await writeFile(target, markdown);
  // Every figure, unrounded, for anyone who wants to check or re-render the tables.
  const raw = rawPath;
  await mkdir(dirname(raw), { recursive: true });
  await writeFile(raw, `${JSON.stringify(report, null, 2)}\n`);
  process.stdout.write(`\n${markdown}\nwritten to ${target}\n`);
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    process.stderr.write(
      `bench failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
    process.exit(1);
  },
);
