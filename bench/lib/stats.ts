/** Small statistics helpers for the benchmarks: nearest-rank percentiles, medians and ratio formatting. */

/** Nearest-rank percentile of `values` (p in 0–100); NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)));
  return sorted[rank - 1] ?? Number.NaN;
}

export function median(values: readonly number[]): number {
  return percentile(values, 50);
}

export function max(values: readonly number[]): number {
  return values.reduce((a, b) => Math.max(a, b), Number.NEGATIVE_INFINITY);
}

export function ms(value: number, digits = 1): string {
  if (!Number.isFinite(value)) return 'n/a';
  return `${value.toFixed(digits)} ms`;
}

export function ratio(value: number, digits = 2): string {
  if (!Number.isFinite(value)) return 'n/a';
  return `${value.toFixed(digits)}×`;
}

export function mib(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

export function kib(bytes: number): string {
  return `${(bytes / 1024).toFixed(1)} KiB`;
}

/** Runs `fn` `times` times in sequence and returns every result. */
export async function repeat<T>(times: number, fn: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let i = 0; i < times; i++) out.push(await fn(i));
  return out;
}

/** A latency cell's first columns in the ack and storm tables: app, rate, p50, p99, max, over/sent, p99 per run. */
export function latencyColumns(
  c: {
    app: string;
    rate: number;
    runs: { p50: number; p99: number; max: number; over: number; count: number }[];
  },
  perRunDigits: number,
): string[] {
  const total = (k: 'over' | 'count') => c.runs.reduce((n, r) => n + r[k], 0);
  return [
    c.app,
    `${c.rate}/s`,
    ms(median(c.runs.map((r) => r.p50))),
    ms(median(c.runs.map((r) => r.p99))),
    ms(Math.max(...c.runs.map((r) => r.max))),
    `${total('over')} of ${total('count')}`,
    c.runs.map((r) => r.p99.toFixed(perRunDigits)).join(', '),
  ];
}
