/**
 * Time filter of GET /reading and GET /export. contract: section 3 — "exactly one valid time-filter mode is
 * required: absolute (startTime + endTime) or relative (all four of startHour, endHour, startOffset,
 * endOffset). Malformed ranges … give 400." Absolute times in local form are read in the data source's
 * site time zone (an explicit offset or Z is honoured).
 */
import { HttpError } from './http.ts';
import { localSecondOfDay, parseHour, parseIsoIn, parseOffset } from './time.ts';

export interface TimeWindow {
  from: number;
  to: number;
  accept?: (t: number) => boolean;
}

const bad = (why: string) => new HttpError(400, `Invalid time range: ${why}.`, '02-001');
const ABSOLUTE = ['startTime', 'endTime'] as const;
const RELATIVE = ['startHour', 'endHour', 'startOffset', 'endOffset'] as const;
/** The query parameters of both time-filter modes (GET /reading, GET /export). */
export const TIME_FILTER_KEYS = [...ABSOLUTE, ...RELATIVE];

/** Returns null when no time parameter is present and `required` is false (GET /export: all optional). */
export function parseTimeWindow(
  query: Record<string, string>,
  timeZone: string,
  now: number,
  required: boolean,
): TimeWindow | null {
  const abs = ABSOLUTE.filter((k) => query[k] !== undefined);
  const rel = RELATIVE.filter((k) => query[k] !== undefined);
  if (abs.length === 0 && rel.length === 0) {
    if (required)
      throw bad('startTime and endTime, or startHour, endHour, startOffset and endOffset, are required');
    return null;
  }
  if (abs.length > 0 && rel.length > 0) throw bad('absolute and relative parameters are mixed');
  if (abs.length > 0) {
    if (abs.length !== 2) throw bad('startTime and endTime are sent together');
    const from = parseIsoIn(query.startTime ?? '', timeZone);
    const to = parseIsoIn(query.endTime ?? '', timeZone);
    if (from === null || to === null)
      throw bad('startTime/endTime must be ISO 8601 such as 2026-01-31T08:00:00');
    if (from > to) throw bad('startTime is after endTime');
    return { from, to };
  }
  if (rel.length !== 4)
    throw bad('relative mode needs all four of startHour, endHour, startOffset, endOffset');
  const startHour = parseHour(query.startHour ?? '');
  const endHour = parseHour(query.endHour ?? '');
  const startOffset = parseOffset(query.startOffset ?? '');
  const endOffset = parseOffset(query.endOffset ?? '');
  if (startHour === null || endHour === null) throw bad('startHour/endHour must be HH:mm:ss');
  if (startOffset === null || endOffset === null)
    throw bad('startOffset/endOffset must be "<amount> <unit>" such as "7 days"');
  const from = now - startOffset;
  const to = now - endOffset;
  if (from > to) throw bad('startOffset must reach further back than endOffset');
  // The daily window is site-local; a window whose start is after its end wraps past midnight.
  const accept = (t: number) => {
    const s = localSecondOfDay(t, timeZone);
    return startHour <= endHour ? s >= startHour && s <= endHour : s >= startHour || s <= endHour;
  };
  return { from, to, accept };
}
