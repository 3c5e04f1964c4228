/**
 * The two time-filter modes of GET /reading and GET /export, checked before sending.
 * // contract: section 3 — "exactly one valid time-filter mode is required: absolute (startTime + endTime) or
 * relative (all four of startHour, endHour, startOffset, endOffset). Malformed ranges … give 400."
 */
import type { TimeRange } from './api.ts';
import { isPlainObject } from './args.ts';
import { invalidArgument } from './errors.ts';

const LOCAL_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})$/;
const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;
// contract: section 3 — offsets are `<amount> <unit>` (units such as day, days).
const OFFSET = /^\d+ (second|minute|hour|day|week|month|year)s?$/;

const ABSOLUTE_KEYS = ['startTime', 'endTime'] as const;
const RELATIVE_KEYS = ['startHour', 'endHour', 'startOffset', 'endOffset'] as const;

function localDateTime(field: string, value: unknown): string {
  const m = typeof value === 'string' ? LOCAL_DATE_TIME.exec(value) : null;
  if (!m) throw invalidArgument(field, 'must be a local date and time like 2024-05-31T13:45:00');
  const [, y, mo, d, h, mi, s] = m.map(Number);
  const date = new Date(Date.UTC(y ?? 0, (mo ?? 1) - 1, d ?? 1));
  const dayOk = date.getUTCMonth() === (mo ?? 0) - 1 && date.getUTCDate() === d;
  if (!dayOk || (h ?? 0) > 23 || (mi ?? 0) > 59 || (s ?? 0) > 59)
    throw invalidArgument(field, 'is not a real date and time');
  return String(value);
}

function timeOfDay(field: string, value: unknown): string {
  if (typeof value !== 'string' || !TIME_OF_DAY.test(value))
    throw invalidArgument(field, 'must be a time like 08:00:00');
  return value;
}

function offset(field: string, value: unknown): string {
  if (typeof value !== 'string' || !OFFSET.test(value))
    throw invalidArgument(field, 'must be like "7 days" or "0 days"');
  return value;
}

/** Validates the range and returns exactly the query parameters of its mode. */
export function rangeParams(range: unknown, field = 'range'): Record<string, string> {
  if (!isPlainObject(range)) throw invalidArgument(field, 'must be an absolute or a relative time range');
  const has = (k: string) => range[k] !== undefined;
  if (range.mode === 'absolute') {
    const stray = RELATIVE_KEYS.find(has);
    if (stray) throw invalidArgument(`${field}.${stray}`, 'cannot be combined with startTime/endTime');
    const startTime = localDateTime(`${field}.startTime`, range.startTime);
    const endTime = localDateTime(`${field}.endTime`, range.endTime);
    if (startTime > endTime) throw invalidArgument(`${field}.endTime`, 'must not be before startTime');
    return { startTime, endTime };
  }
  if (range.mode === 'relative') {
    const stray = ABSOLUTE_KEYS.find(has);
    if (stray) throw invalidArgument(`${field}.${stray}`, 'cannot be combined with a relative range');
    return {
      startHour: timeOfDay(`${field}.startHour`, range.startHour),
      endHour: timeOfDay(`${field}.endHour`, range.endHour),
      startOffset: offset(`${field}.startOffset`, range.startOffset),
      endOffset: offset(`${field}.endOffset`, range.endOffset),
    };
  }
  throw invalidArgument(`${field}.mode`, 'must be "absolute" or "relative"');
}

export type { TimeRange };
