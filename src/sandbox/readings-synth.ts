/**
 * Synthetic readings: a pure function of (source, metric, timestamp), so weeks of readings for 50k
 * sources cost no memory. Only written readings are stored (readings-store.ts).
 */
import type { Metric, Source } from './model.ts';
import { hashUnit } from './prng.ts';
import type { ReadingValues } from './types.ts';

const DAY = 86_400_000;

function syntheticValue(source: Source, metric: Metric, index: number, t: number): number | string | null {
  const metricNum = Number(metric.id);
  // contract: reading row — "null when the metric had no value at that timestamp"
  if (index > 0 && hashUnit(source.num, metricNum, t, 7) < 0.01) return null;
  const h = hashUnit(source.num, metricNum, t);
  const gen = metric.gen;
  if (gen.kind === 'choice') return gen.options[Math.floor(h * gen.options.length)] ?? null;
  if (gen.kind === 'counter') {
    const rate = gen.perHour * (0.8 + 0.4 * hashUnit(source.num, metricNum));
    return Math.round((rate * (t - (source.readingsFromMs ?? t))) / 360_000) / 10 + 1000;
  }
  const phase = hashUnit(source.num, metricNum, 3) * 2 * Math.PI;
  const value =
    gen.base + gen.amp * Math.sin((2 * Math.PI * (t % DAY)) / DAY + phase) + gen.noise * (h * 2 - 1);
  const scale = 10 ** gen.decimals;
  return Math.round(value * scale) / scale;
}

/** Values of one synthetic reading, every metric (calculated ones included) in schema order. */
export function syntheticValues(source: Source, t: number): ReadingValues {
  const out: ReadingValues = {};
  source.kind.metrics.forEach((metric, index) => {
    out[metric.id] = syntheticValue(source, metric, index, t);
  });
  return out;
}

/** Last instant synthetic readings exist up to: now, or when the source fell silent. */
export function syntheticEnd(source: Source, nowMs: number): number {
  return source.silentSinceMs === null ? nowMs : Math.min(nowMs, source.silentSinceMs);
}

/** First grid instant ≥ t (synthetic readings sit on multiples of the source's interval). */
export function gridCeil(source: Source, t: number): number {
  return Math.ceil(t / source.intervalMs) * source.intervalMs;
}

export function gridFloor(source: Source, t: number): number {
  return Math.floor(t / source.intervalMs) * source.intervalMs;
}
