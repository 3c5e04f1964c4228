/**
 * Checks a CSV before it is uploaded for import, against the data source's template (GET /reading/template).
 * The platform imports asynchronously and reports nothing back (contract section 6, rule 3), so every
 * problem we can see must be found here, each tied to a line number the user can look up.
 */
import { parse } from 'csv-parse/sync';
import { formulaRefusal, formulaStart } from './formula-guard.ts';
import { detectFormat, formatByPattern, parseTimestamp, type TimestampFormat } from './timestamp-format.ts';

/** contract: import rule 4 — these columns are ignored by the import. */
export const IGNORED_COLUMNS = ['Submission Id', 'Submitted By', 'Submitted At'] as const;
export const MAX_PROBLEMS_LISTED = 15;
const MAX_BYTES = 50 * 1024 * 1024;

export interface CsvProblem {
  line: number;
  message: string;
}

export type CsvCheck =
  | {
      ok: true;
      rows: number;
      columns: string[];
      format: TimestampFormat;
      /** Earliest and latest imported instants (epoch ms), for confirming the import later. */
      firstMs: number;
      lastMs: number;
      /** A few imported instants, spread over the file. */
      sampleMs: number[];
      /** Header positions of the columns left out of the upload (calculated metrics, submission details). */
      leftOut: number[];
      /** One line per kind of column left out, for the person ("Load Factor is calculated …; left out"). */
      notes: string[];
    }
  | { ok: false; problems: CsvProblem[]; more: number };

export interface CsvCheckInput {
  csv: string;
  /** The template CSV text; its first line names the writable metrics' display names. */
  template: string;
  /** IANA zone for timestamps without an offset (the site's zone). */
  zone: string;
  /** A pattern from TIMESTAMP_FORMATS chosen by the user; detected when absent. */
  timestampFormat?: string;
  /** Display names of numeric metrics: their cells must be numbers (or empty, stored as null). */
  numericColumns?: readonly string[];
  /**
   * Names of metrics the platform calculates (in exports, never in the template): such columns are left out
   * with a note, so a file fieldline exported imports back unchanged.
   */
  calculatedColumns?: readonly string[];
}

interface Rec {
  line: number;
  cells: string[];
}

/** The header of the template: `timestamp` then one display name per writable metric. */
export function templateColumns(template: string): string[] {
  const first = readRecords(template.split(/\r?\n/)[0] ?? '', []).at(0);
  return (first?.cells ?? []).map((c) => c.trim()).filter((c) => c !== '');
}

function readRecords(text: string, problems: CsvProblem[]): Rec[] {
  const out: Rec[] = [];
  // csv-parse counts a CRLF inside quotes as two lines, and one line past the end for a quote left open at the
  // end of the file. Line numbers are read on "\n"-only text (the check only reads; the file is sent as it was).
  const lf = text.replace(/\r\n?/g, '\n');
  const lastLine = lf.split('\n').length;
  const rows = parse(lf, {
    bom: true,
    info: true,
    relax_column_count: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (err) => {
      const line = Math.min(typeof err?.lines === 'number' ? err.lines : 1, lastLine);
      problems.push({ line, message: 'cannot be read as CSV (check the quotes)' });
    },
  });
  for (const row of rows) {
    if (!isInfoRecord(row)) continue;
    const { record, info } = row;
    const cells = record.map(String);
    // info.lines is where the record ends; quoted newlines inside it move its start up
    const inner = cells.reduce((n: number, c: string) => n + (c.match(/\n/g)?.length ?? 0), 0);
    out.push({ line: Math.max(1, info.lines - inner), cells });
  }
  return out;
}

// csv-parse's types do not model `info: true`; check the shape instead of trusting it
function isInfoRecord(row: unknown): row is { record: unknown[]; info: { lines: number } } {
  if (row === null || typeof row !== 'object' || !('record' in row) || !('info' in row)) return false;
  const { record, info } = row;
  return (
    Array.isArray(record) &&
    info !== null &&
    typeof info === 'object' &&
    'lines' in info &&
    typeof info.lines === 'number'
  );
}

function quote(text: string): string {
  return `"${text.length > 40 ? text.slice(0, 39) + '…' : text}"`;
}

interface HeaderCheck {
  tsIndex: number;
  leftOut: number[];
  notes: string[];
}

function checkHeader(
  header: string[],
  known: string[],
  calculated: readonly string[],
  problems: CsvProblem[],
): HeaderCheck {
  const knownSet = new Set(known.filter((c) => c !== 'timestamp'));
  const calculatedSet = new Set(calculated.filter((c) => !knownSet.has(c)));
  const ignored = new Set<string>(IGNORED_COLUMNS);
  const seen = new Set<string>();
  const out: HeaderCheck = { tsIndex: -1, leftOut: [], notes: [] };
  const submission: string[] = [];
  header.forEach((raw, i) => {
    const name = raw.trim();
    if (seen.has(name)) problems.push({ line: 1, message: `column ${quote(name)} appears twice` });
    seen.add(name);
    if (name === 'timestamp') out.tsIndex = i;
    else if (name.toLowerCase() === 'timestamp') {
      problems.push({ line: 1, message: `column ${quote(name)} must be named exactly "timestamp"` });
    } else if (ignored.has(name)) {
      // contract: import rule 4 — Submission Id, Submitted By, Submitted At are ignored by the import.
      out.leftOut.push(i);
      submission.push(name);
    } else if (calculatedSet.has(name)) {
      // contract: section 5 and readings rule 3 — calculated metrics are not written; the platform computes them.
      out.leftOut.push(i);
      out.notes.push(`${name} is calculated by the platform; left out`);
    } else if (!knownSet.has(name)) {
      const names = known.filter((c) => c !== 'timestamp').join(', ') || 'none';
      problems.push({
        line: 1,
        message: `column ${quote(name)} is not a metric of this data source (known: ${names})`,
      });
    }
  });
  if (submission.length > 0) {
    out.notes.push(
      `${submission.join(', ')} ${submission.length > 1 ? 'are' : 'is'} submission details; left out`,
    );
  }
  if (out.tsIndex < 0 && !header.some((h) => h.trim().toLowerCase() === 'timestamp')) {
    problems.push({ line: 1, message: 'the header has no "timestamp" column' });
  }
  return out;
}

function chooseFormat(input: CsvCheckInput, samples: Rec[], tsIndex: number, problems: CsvProblem[]) {
  if (input.timestampFormat) {
    const given = formatByPattern(input.timestampFormat);
    if (!given)
      problems.push({
        line: 1,
        message: `timestamp format ${quote(input.timestampFormat)} is not supported`,
      });
    return given;
  }
  const values = samples.map((r) => r.cells[tsIndex] ?? '').filter((v) => v.trim() !== '');
  const found = detectFormat(values, input.zone);
  if (found.kind === 'found') return found.format;
  const line = samples[0]?.line ?? 2;
  if (found.kind === 'ambiguous') {
    const names = found.formats.map((f) => f.pattern).join(' or ');
    problems.push({ line, message: `timestamps fit ${names}: choose the timestamp format` });
  } else {
    problems.push({ line, message: `timestamp ${quote(values[0] ?? '')} is in no known format` });
  }
  return undefined;
}

export function checkImportCsv(input: CsvCheckInput): CsvCheck {
  const problems: CsvProblem[] = [];
  if (Buffer.byteLength(input.csv) > MAX_BYTES) {
    return fail([{ line: 1, message: `the file is larger than ${MAX_BYTES / 1024 / 1024} MB` }]);
  }
  const records = readRecords(input.csv, problems);
  const [head, ...data] = records;
  if (!head) return fail([{ line: 1, message: 'the file is empty' }, ...problems]);
  const headerCheck = checkHeader(
    head.cells,
    templateColumns(input.template),
    input.calculatedColumns ?? [],
    problems,
  );
  const { tsIndex } = headerCheck;
  const leftOutSet = new Set(headerCheck.leftOut);
  if (data.length === 0 && problems.length === 0) {
    problems.push({ line: head.line + 1, message: 'no data rows after the header' });
  }
  if (tsIndex < 0 || data.length === 0) return fail(problems);
  const format = chooseFormat(input, data.slice(0, 200), tsIndex, problems);
  if (!format) return fail(problems);
  const numeric = new Set(input.numericColumns ?? []);
  let firstMs = Infinity;
  let lastMs = -Infinity;
  const instants: number[] = [];
  for (const rec of data) {
    if (rec.cells.length !== head.cells.length) {
      problems.push({
        line: rec.line,
        message: `has ${rec.cells.length} fields; the header has ${head.cells.length}`,
      });
      continue;
    }
    const raw = rec.cells[tsIndex] ?? '';
    const at = raw.trim() === '' ? null : parseTimestamp(raw, format, input.zone);
    if (at === null) {
      const what =
        raw.trim() === '' ? 'timestamp is empty' : `timestamp ${quote(raw)} does not match ${format.pattern}`;
      problems.push({ line: rec.line, message: what });
      continue;
    }
    const bad =
      badNumber(rec, head.cells, numeric) ?? formulaCell(rec, head.cells, tsIndex, numeric, leftOutSet);
    if (bad) {
      problems.push({ line: rec.line, message: bad });
      continue;
    }
    firstMs = Math.min(firstMs, at);
    lastMs = Math.max(lastMs, at);
    instants.push(at);
  }
  if (problems.length > 0) return fail(problems);
  const step = Math.max(1, Math.floor(instants.length / 10));
  const sampleMs = instants.filter((_, i) => i % step === 0).slice(0, 10);
  return {
    ok: true,
    rows: data.length,
    columns: head.cells.map((c) => c.trim()),
    format,
    firstMs,
    lastMs,
    sampleMs,
    leftOut: headerCheck.leftOut,
    notes: headerCheck.notes,
  };
}

const NUMBER = /^[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?$/;

function badNumber(rec: Rec, header: string[], numeric: ReadonlySet<string>): string | null {
  for (let i = 0; i < header.length; i++) {
    const name = header[i]?.trim() ?? '';
    const cell = rec.cells[i]?.trim() ?? '';
    if (numeric.has(name) && cell !== '' && !NUMBER.test(cell))
      return `${quote(cell)} in column ${quote(name)} is not a number`;
  }
  return null;
}

/** A text cell a spreadsheet would run as a formula (numbers, timestamps and ignored columns are not text). */
function formulaCell(
  rec: Rec,
  header: string[],
  tsIndex: number,
  numeric: ReadonlySet<string>,
  leftOut: ReadonlySet<number>,
): string | null {
  for (let i = 0; i < header.length; i++) {
    const name = header[i]?.trim() ?? '';
    if (i === tsIndex || numeric.has(name) || leftOut.has(i)) continue;
    const cell = rec.cells[i] ?? '';
    const start = formulaStart(cell);
    if (start !== null) return formulaRefusal(`${quote(cell)} in column ${quote(name)}`, start);
  }
  return null;
}

function fail(problems: CsvProblem[]): CsvCheck {
  const sorted = [...problems].sort((a, b) => a.line - b.line);
  return {
    ok: false,
    problems: sorted.slice(0, MAX_PROBLEMS_LISTED),
    more: Math.max(0, sorted.length - MAX_PROBLEMS_LISTED),
  };
}
