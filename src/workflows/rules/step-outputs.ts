/**
 * What steps hand back to Workflow Builder: plain text a later step can put in a message or branch on (no links,
 * no mrkdwn control characters from platform text), ranges, ages, the incidents list. Pure.
 */

/** Platform text made inert in Slack text: no `<…>` links or mentions, no entities (&, <, >). */
export function inert(text: string, max = 300): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  const cut = flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
  return cut.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export interface Range {
  min: number | null;
  max: number | null;
  /** Whose range: "the step's" or the round's name. */
  from: string;
}

export function rangeText(r: Pick<Range, 'min' | 'max'>): string {
  if (r.min !== null && r.max !== null) return `${r.min}–${r.max}`;
  if (r.min !== null) return `at least ${r.min}`;
  if (r.max !== null) return `at most ${r.max}`;
  return 'any value';
}

/** The ranges `value` falls outside of (empty: within all of them). */
export function outside(value: number, ranges: readonly Range[]): Range[] {
  return ranges.filter((r) => (r.min !== null && value < r.min) || (r.max !== null && value > r.max));
}

/** "the step's range 2–8; round Boiler 1: at most 9" — every range checked, for the `range` output. */
export function rangesText(ranges: readonly Range[]): string {
  return ranges.map((r) => `${r.from}: ${rangeText(r)}`).join('; ');
}

/** Whole minutes between a reading and now (0 for a reading stamped in the future). */
export function ageMinutes(readingMs: number, nowMs: number): number {
  return Math.max(0, Math.floor((nowMs - readingMs) / 60_000));
}

export interface IncidentLine {
  sourceName: string;
  severity: 'warning' | 'critical';
  details: string[];
}

/** One line per device, worst first: "critical — Boiler 1: no reading for 3 h". */
export function incidentsList(lines: readonly IncidentLine[], siteName: string): string {
  if (lines.length === 0) return `No open incidents at ${inert(siteName, 100)}.`;
  return lines
    .map((l) => `${l.severity} — ${inert(l.sourceName, 100)}: ${inert(l.details.join('; '), 200)}`)
    .join('\n');
}
