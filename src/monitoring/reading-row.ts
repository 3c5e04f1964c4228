/**
 * Reading rows: "Rows are flat; there is no nested readings array." The client splits the flat row into
 * {meterId, eventDate, values}: every key other than meter_id and event_date is a metric ID.
 * // contract: Reading row — meter_id is a number, event_date ISO 8601 UTC, <metricId> number, string or null.
 */
import type { ReadingRow } from './api.ts';
import { isPlainObject } from './args.ts';
import { badResponse } from './schemas.ts';

/**
 * The same rule as z.union([z.number(), z.string(), z.null()]) (JSON has no NaN or Infinity), as a plain check:
 * it runs for every metric of every row — 43,200 rows for a 30-day report — where a zod parse per value costs.
 */
export function isMetricValue(value: unknown): value is number | string | null {
  return value === null || typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

/** Every value of a flat row is a metric value (meter_id and event_date, a number and a string, are too). */
function isFlatRow(row: Record<string, unknown>): row is Record<string, number | string | null> {
  for (const key in row) if (!isMetricValue(row[key])) return false;
  return true;
}

/**
 * A page of GET /reading rows, checked in one plain loop (not a zod schema: a report reads up to 43,200 rows). A
 * row that breaks the contract fails the page (BAD_RESPONSE with the answer kept as it came), naming the row and
 * the key. Only then, the page known good, each parsed row becomes its own `values` by losing meter_id and
 * event_date: no copy per row (the parsed answer belongs to this call alone).
 */
export function readingRows(rows: unknown[], what: string, body: unknown): ReadingRow[] {
  const out: ReadingRow[] = [];
  const broken = (where: string, expected: string) =>
    badResponse(`${what}: unexpected answer (${where}: expected ${expected})`, body);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i];
    if (!isPlainObject(row)) return broken(`data.${i}`, 'an object');
    const meterId = row.meter_id;
    const eventDate = row.event_date;
    if (typeof meterId !== 'number' || !Number.isFinite(meterId))
      return broken(`data.${i}.meter_id`, 'a number');
    if (typeof eventDate !== 'string') return broken(`data.${i}.event_date`, 'a string');
    if (!isFlatRow(row)) {
      const key = Object.keys(row).find((k) => !isMetricValue(row[k]));
      return broken(`data.${i}.${key}`, 'a number, a string or null');
    }
    out.push({ meterId, eventDate, values: row });
  }
  for (const { values } of out) {
    delete values.event_date;
    delete values.meter_id;
  }
  return out;
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
