/**
 * Reading rows: "Rows are flat; there is no nested readings array." The client splits the flat row into
 * {meterId, eventDate, values}: every key other than meter_id and event_date is a metric ID.
 * // contract: Reading row — meter_id is a number, event_date ISO 8601 UTC, <metricId> number, string or null.
 */
import { z } from 'zod';
import type { ReadingRow } from './api.ts';
import { isPlainObject } from './args.ts';

/**
 * The same rule as z.union([z.number(), z.string(), z.null()]) (JSON has no NaN or Infinity), as a plain check:
 * it runs for every metric of every row — 43,200 rows for a 30-day report — where a zod parse per value costs.
 */
function isMetricValue(value: unknown): value is number | string | null {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export const readingRowWire = z
  .looseObject({ meter_id: z.number(), event_date: z.string() })
  .superRefine((row, ctx) => {
    // keys, not Object.entries: no [key, value] pair per metric (a 30-day report reads 43,200 rows)
    for (const key of Object.keys(row)) {
      if (key === 'meter_id' || key === 'event_date') continue;
      if (!isMetricValue(row[key])) {
        ctx.addIssue({
          code: 'custom',
          message: 'a metric value must be a number, a string or null',
          path: [key],
        });
      }
    }
  });

export function toReadingRow(row: z.output<typeof readingRowWire>): ReadingRow {
  const values: Record<string, number | string | null> = {};
  for (const key of Object.keys(row)) {
    if (key === 'meter_id' || key === 'event_date') continue;
    const value = row[key];
    if (isMetricValue(value)) values[key] = value;
  }
  return { meterId: row.meter_id, eventDate: row.event_date, values };
}

/**
 * The latest reading embedded in a data source (withLastReading / withLastReadings). Its shape is not shown by
 * the contract, so it is read defensively: a flat row with event_date; meter_id falls back to the source's ID.
 */
export function embeddedReading(raw: unknown, sourceId: string): ReadingRow | null {
  const candidate = Array.isArray(raw) ? raw[0] : raw;
  if (!isPlainObject(candidate) || typeof candidate.event_date !== 'string') return null;
  const meterId = typeof candidate.meter_id === 'number' ? candidate.meter_id : Number(sourceId);
  const values: Record<string, number | string | null> = {};
  for (const [key, value] of Object.entries(candidate)) {
    if (key === 'meter_id' || key === 'event_date') continue;
    if (isMetricValue(value)) values[key] = value;
  }
  return { meterId, eventDate: candidate.event_date, values };
}
