/**
 * A full run of a subset (`--only=ack,replicas`) keeps the other benchmarks' figures from the docs/benchmarks.md
 * it replaces: their sections and summary rows are carried over, marked with the date of the run that measured
 * them.
 */

export interface CarriedOver {
  /** The earlier run's date (from its "Written by" line). */
  date: string;
  /** Whole sections ("## N. Title" to the next "## "), in their order. */
  sections: string[][];
  /** Summary table rows whose benchmark name starts with one of the prefixes. */
  summaryRows: string[];
}

/**
 * Sections of `markdown` whose heading starts with one of `headings` (e.g. "## 2. Poller scale"), and summary rows
 * whose first cell starts with one of `rowPrefixes`.
 */
export function carryOver(markdown: string, headings: string[], rowPrefixes: string[]): CarriedOver {
  const lines = markdown.split('\n');
  const date = /on (\d{4}-\d\d-\d\dT[\d:.]+Z)/.exec(markdown)?.[1] ?? 'an earlier run';
  const sections: string[][] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    if (line.startsWith('## ')) {
      current = headings.some((h) => line.startsWith(h)) ? [line] : undefined;
      if (current) sections.push(current);
      continue;
    }
    current?.push(line);
  }
  for (const s of sections) while (s.length > 0 && s.at(-1)?.trim() === '') s.pop();
  const summaryRows = lines.filter((l) => rowPrefixes.some((p) => l.startsWith(`| ${p}`)));
  return { date, sections, summaryRows };
}
