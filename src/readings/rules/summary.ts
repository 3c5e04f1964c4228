/**
 * Streaming per-metric statistics over reading rows. Memory is bounded by the number of metrics, not by
 * the number of rows: each row is folded into running min / max / sum / count and dropped.
 */
import type { ReadingRow } from '../../monitoring/api.ts';

export interface MetricStats {
  metricId: string;
  /** Non-null numeric values seen. */
  count: number;
  /** Rows where the metric was null (contract: "null when the metric had no value at that timestamp"). */
  gaps: number;
  /** Non-null string values seen (string metrics show only their latest value). */
  textCount: number;
  min: number | null;
  max: number | null;
  mean: number | null;
  latest: { value: number | string; atMs: number } | null;
}

interface Acc {
  count: number;
  gaps: number;
  textCount: number;
  min: number;
  max: number;
  // Kahan summation keeps the mean exact enough over 10^5 rows
  sum: number;
  carry: number;
  // kept as two fields, not an object: it changes on almost every row, and an object per row adds up
  latestValue: number | string | null;
  latestAtMs: number;
}

export interface SummaryResult {
  rows: number;
  /** Rows whose event_date could not be read (skipped). */
  badTimestamps: number;
  firstMs: number | null;
  lastMs: number | null;
  metrics: MetricStats[];
}

export class ReadingSummary {
  private readonly accs = new Map<string, Acc>();
  private rows = 0;
  private badTimestamps = 0;
  private firstMs: number | null = null;
  private lastMs: number | null = null;

  /**
   * Folds one row in. Returns the row's time (epoch ms) or null when its event_date is unreadable.
   * `parsedMs` saves parsing event_date twice when the caller has already done it.
   */
  add(row: ReadingRow, parsedMs?: number): number | null {
    const atMs = parsedMs ?? Date.parse(row.eventDate);
    if (Number.isNaN(atMs)) {
      this.badTimestamps += 1;
      return null;
    }
    this.rows += 1;
    if (this.firstMs === null || atMs < this.firstMs) this.firstMs = atMs;
    if (this.lastMs === null || atMs > this.lastMs) this.lastMs = atMs;
    const values = row.values;
    // for…in, not Object.entries: no array per row (a 30-day report folds 43,200 rows)
    for (const metricId in values) this.fold(metricId, values[metricId] ?? null, atMs);
    return atMs;
  }

  private acc(metricId: string): Acc {
    let acc = this.accs.get(metricId);
    if (!acc) {
      acc = {
        count: 0,
        gaps: 0,
        textCount: 0,
        min: Infinity,
        max: -Infinity,
        sum: 0,
        carry: 0,
        latestValue: null,
        latestAtMs: -Infinity,
      };
      this.accs.set(metricId, acc);
    }
    return acc;
  }

  private fold(metricId: string, value: number | string | null, atMs: number): void {
    const acc = this.acc(metricId);
    if (value === null || (typeof value === 'number' && !Number.isFinite(value))) {
      acc.gaps += 1;
      return;
    }
    if (acc.latestValue === null || atMs >= acc.latestAtMs) {
      acc.latestValue = value;
      acc.latestAtMs = atMs;
    }
    if (typeof value === 'string') {
      acc.textCount += 1;
      return;
    }
    acc.count += 1;
    if (value < acc.min) acc.min = value;
    if (value > acc.max) acc.max = value;
    const y = value - acc.carry;
    const t = acc.sum + y;
    acc.carry = t - acc.sum - y;
    acc.sum = t;
  }

  result(): SummaryResult {
    const metrics: MetricStats[] = [];
    for (const [metricId, a] of this.accs) {
      metrics.push({
        metricId,
        count: a.count,
        gaps: a.gaps,
        textCount: a.textCount,
        min: a.count > 0 ? a.min : null,
        max: a.count > 0 ? a.max : null,
        mean: a.count > 0 ? a.sum / a.count : null,
        latest: a.latestValue === null ? null : { value: a.latestValue, atMs: a.latestAtMs },
      });
    }
    return {
      rows: this.rows,
      badTimestamps: this.badTimestamps,
      firstMs: this.firstMs,
      lastMs: this.lastMs,
      metrics,
    };
  }
}
