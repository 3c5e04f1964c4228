/**
 * "Enter reading": turns what was typed in the modal into one POST /reading batch, or per-metric errors the
 * modal shows next to the field (the user's input stays). Pure.
 */
import type { MeterReadings } from '../../monitoring/api.ts';
import { formulaRefusal, formulaStart } from './formula-guard.ts';
import type { MetricInfo } from './metric-catalog.ts';

export interface EntryInput {
  /** metricId → the text typed (number_input values arrive as text too); null/empty = left blank. */
  values: Record<string, string | null | undefined>;
  /** Picked date-time (epoch seconds), or null for "now". */
  timestampSec: number | null;
}

export type EntryResult =
  { ok: true; batch: MeterReadings[] } | { ok: false; errors: Record<string, string> };

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

export function buildEntry(
  sourceId: string,
  catalog: readonly MetricInfo[],
  input: EntryInput,
  nowMs: number,
): EntryResult {
  const errors: Record<string, string> = {};
  const values: Record<string, number | string> = {};
  for (const metric of catalog) {
    const raw = input.values[metric.metricId]?.trim() ?? '';
    if (raw === '') {
      if (metric.required) errors[metric.metricId] = `${metric.label} is required.`;
      // contract: readings rule 3 — writable metrics omitted from values are stored as null.
      continue;
    }
    if (metric.kind === 'number') {
      const n = Number(raw.replace(/,/g, ''));
      if (!NUMBER.test(raw.replace(/,/g, '')) || !Number.isFinite(n)) {
        errors[metric.metricId] =
          `${metric.label} takes a number${metric.unit ? ` (${metric.unit})` : ''}; "${raw.slice(0, 40)}" is not one.`;
        continue;
      }
      if (metric.count && (n < 0 || !Number.isInteger(n))) {
        errors[metric.metricId] =
          n < 0
            ? `${metric.label} is a count: it cannot be negative.`
            : `${metric.label} is a count: enter a whole number.`;
        continue;
      }
      values[metric.metricId] = n;
    } else {
      const start = formulaStart(input.values[metric.metricId] ?? raw);
      if (start !== null) {
        errors[metric.metricId] = formulaRefusal(metric.label, start);
        continue;
      }
      values[metric.metricId] = raw;
    }
  }
  if (Object.keys(errors).length === 0 && Object.keys(values).length === 0) {
    const first = catalog[0];
    if (first) errors[first.metricId] = 'Enter at least one value.';
  }
  let timestamp: string | null = null;
  if (input.timestampSec !== null) {
    const ms = input.timestampSec * 1000;
    if (ms > nowMs + 5 * 60_000) errors.timestamp = 'The reading time is in the future.';
    else timestamp = new Date(ms).toISOString();
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  // contract: readings rule 1 — a reading object accepts only timestamp and values; the timestamp key is
  // always present (null = the server's current time).
  return { ok: true, batch: [{ meterId: sourceId, readings: [{ timestamp, values }] }] };
}
