/** Values outside a round's limits, pure. */
import type { Limit } from './model.ts';

export interface Breach {
  limit: Limit;
  value: number;
}

export function breaches(values: Record<string, number | string>, limits: readonly Limit[]): Breach[] {
  const out: Breach[] = [];
  for (const limit of limits) {
    const raw = values[limit.metricId];
    const value =
      typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
    if (!Number.isFinite(value)) continue;
    if ((limit.min !== null && value < limit.min) || (limit.max !== null && value > limit.max))
      out.push({ limit, value });
  }
  return out;
}

/** "20–80", "at least 20", "at most 80". */
export function limitText(l: Pick<Limit, 'min' | 'max'>): string {
  if (l.min !== null && l.max !== null) return `${l.min}–${l.max}`;
  if (l.min !== null) return `at least ${l.min}`;
  return `at most ${l.max ?? '?'}`;
}

/** "20..80", "..80", "20..": a range typed after `limit <field>`. */
export function parseRange(text: string): { min: number | null; max: number | null } | null {
  const m = /^(-?\d+(?:\.\d+)?)?\.\.(-?\d+(?:\.\d+)?)?$/.exec(text.trim());
  if (!m || (m[1] === undefined && m[2] === undefined)) return null;
  const min = m[1] !== undefined ? Number(m[1]) : null;
  const max = m[2] !== undefined ? Number(m[2]) : null;
  if (min !== null && max !== null && min > max) return null;
  return { min, max };
}
