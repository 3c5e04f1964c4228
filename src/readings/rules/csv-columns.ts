/**
 * The file as it is uploaded when some of its columns are left out (calculated metrics, submission details):
 * the same records without those columns. Pure.
 */
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

export function withoutColumns(csv: string, leftOut: readonly number[]): string {
  if (leftOut.length === 0) return csv;
  const drop = new Set(leftOut);
  const records: string[][] = parse(csv, { bom: true, relax_column_count: true, skip_empty_lines: true });
  const kept = records.map((cells) => cells.filter((_, i) => !drop.has(i)));
  return stringify(kept, { record_delimiter: '\n' });
}

/** Header names of `csv` that are not among `known` (trimmed; `timestamp` always counts as known). */
export function unknownHeaderNames(header: readonly string[], known: Iterable<string>): string[] {
  const set = new Set(known);
  return header
    .map((h) => h.trim())
    .filter((h) => h !== '' && h.toLowerCase() !== 'timestamp' && !set.has(h));
}
