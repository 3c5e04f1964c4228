/**
 * A full run of a subset (`--only=ack,replicas`) keeps the other benchmarks' figures from the docs/benchmarks.md
 * it replaces: their sections and summary rows are carried over, marked with the date of the run that measured
 * them.
 */

export interface CarriedSection {
  /** When its figures were measured: the earlier file's date, or the date that file itself carried over. */
  date: string;
  /** "## N. Title" to the next "## ", without a carried-over note. */
  lines: string[];
}

export interface CarriedOver {
  /** The earlier run's date (from its "Written by" line). */
  date: string;
  sections: CarriedSection[];
  /** Summary table rows whose benchmark name starts with one of the prefixes. */
  summaryRows: string[];
}

/**
 * Sections of `markdown` whose heading starts with one of `headings` (e.g. "## 2. Poller scale"), and summary rows
 * whose first cell starts with one of `rowPrefixes`.
 */
/** The note renderReport puts under a carried-over section's heading (../report.ts). */
export const carriedNote = (date: string) => `_Not re-run: figures of the run of ${date}._`;
const NOTE = /^_Not re-run: figures of the run of (.+)\._$/;

export function carryOver(markdown: string, headings: string[], rowPrefixes: string[]): CarriedOver {
  const lines = markdown.split('\n');
  const date = /on (\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(markdown)?.[1] ?? 'an earlier run';
  const sections: CarriedSection[] = [];
  let current: CarriedSection | undefined;
  for (const line of lines) {
    if (line.startsWith('## ')) {
      current = headings.some((h) => line.startsWith(h)) ? { date, lines: [line] } : undefined;
      if (current) sections.push(current);
      continue;
    }
    // A section the earlier file had carried over itself keeps its own date (and gets one note, not two).
    const note = NOTE.exec(line);
    if (current && note) current.date = note[1] ?? current.date;
    else current?.lines.push(line);
  }
  for (const { lines: s } of sections) {
    while (s.length > 1 && s.at(-1)?.trim() === '') s.pop();
    while (s.length > 1 && s[1]?.trim() === '' && s[2]?.trim() === '') s.splice(1, 1);
  }
  // Summary rows: the main table's and the not-re-run table's, once each.
  const summaryRows = [...new Set(lines.filter((l) => rowPrefixes.some((p) => l.startsWith(`| ${p}`))))];
  return { date, sections, summaryRows };
}
