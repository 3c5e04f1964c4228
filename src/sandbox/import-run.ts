/**
 * Asynchronous CSV import (section 6). contract: import rule 4 — "CSV columns are matched by header name,
 * not position. Only timestamp is mandatory. Columns Submission Id, Submitted By, Submitted At are ignored."
 * Headers match a metric's display name (case-insensitive) or its metric ID; local timestamps are read in
 * the site's time zone.
 */
import { parse } from 'csv-parse/sync';
import type { Metric, Source } from './model.ts';
import { normalise } from './readings-store.ts';
import type { SandboxState } from './state.ts';
import { parseIsoIn, patternParser } from './time.ts';
import type { ImportRun, ReadingValues } from './types.ts';

const IGNORED = ['submission id', 'submitted by', 'submitted at'];
const FALLBACK_PATTERNS = [
  'MM/DD/YYYY HH:mm:ss',
  'MM/DD/YYYY HH:mm',
  'DD.MM.YYYY HH:mm:ss',
  'YYYY/MM/DD HH:mm:ss',
];

function timestampParser(format: string | null, timeZone: string): (text: string) => number | null {
  if (format) return patternParser(format, timeZone);
  const fallbacks = FALLBACK_PATTERNS.map((p) => patternParser(p, timeZone));
  // "when omitted the format is detected": ISO first, then common patterns.
  return (text) =>
    parseIsoIn(text, timeZone) ?? fallbacks.reduce<number | null>((found, p) => found ?? p(text), null);
}

function cellValue(metric: Metric, cell: string): number | string | null | undefined {
  const text = cell.trim();
  if (text === '') return null;
  if (metric.valueType === 'string') return text;
  const value = Number(text);
  return Number.isFinite(value) ? value : undefined;
}

export function processImport(state: SandboxState, run: ImportRun, source: Source, csv: string): void {
  let rows: string[][];
  try {
    rows = parse(csv, { relax_column_count: true, skip_empty_lines: true, bom: true });
  } catch (err) {
    run.state = 'failed';
    run.errors.push(`unparseable CSV: ${err instanceof Error ? err.message : String(err)}`);
    return;
  }
  const header = (rows[0] ?? []).map((h) => h.trim());
  const tsIndex = header.findIndex((h) => h.toLowerCase() === 'timestamp');
  if (tsIndex < 0) {
    run.state = 'failed';
    run.errors.push('no timestamp column');
    return;
  }
  const columns: { index: number; metric: Metric }[] = [];
  header.forEach((name, index) => {
    if (index === tsIndex || IGNORED.includes(name.toLowerCase())) return;
    const metric = source.kind.metrics.find(
      (m) => !m.calculated && (m.displayName.toLowerCase() === name.toLowerCase() || m.id === name),
    );
    if (metric) columns.push({ index, metric });
    else run.errors.push(`column "${name}" matches no writable metric; ignored`);
  });
  const parseTs = timestampParser(run.timestampFormat, source.site.timeZone);
  const visibleAt = state.now() + state.ingestionDelayMs;
  rows.slice(1).forEach((row, i) => {
    const t = parseTs(row[tsIndex] ?? '');
    if (t === null) {
      run.errors.push(`row ${i + 2}: bad timestamp "${row[tsIndex] ?? ''}"`);
      return;
    }
    const values: ReadingValues = {};
    for (const { index, metric } of columns) {
      const value = cellValue(metric, row[index] ?? '');
      if (value === undefined)
        run.errors.push(`row ${i + 2}: "${row[index] ?? ''}" is not a number for ${metric.displayName}`);
      else values[metric.id] = value;
    }
    state.readings.add({
      sourceId: source.id,
      t,
      values: normalise(source, values),
      visibleAt,
      via: 'import',
    });
    run.rows += 1;
  });
  run.state = 'done';
}
