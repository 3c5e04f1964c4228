/** CSV text for the template and exports (csv-stringify; no trailing newline). */
import { stringify } from 'csv-stringify/sync';

export function csvLines(rows: (string | number | null)[][]): string {
  return stringify(
    rows.map((r) => r.map((v) => (v === null ? '' : v))),
    { record_delimiter: 'unix' },
  ).replace(/\n$/, '');
}
