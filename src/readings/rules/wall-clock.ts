/**
 * An instant as a site's wall clock, through one Intl formatter per zone: date-fns' `format` in a TZDate costs
 * tens of microseconds a call (a zone offset lookup per field), and a /reading answer formats two dozen times.
 * Patterns use the tokens yyyy, MM, dd, HH, mm and ss; every other character is copied as it is.
 */
import { RecentCache } from './recent-cache.ts';

// bounded: zone names come from the platform; a formatter never goes stale
const formats = new RecentCache<Intl.DateTimeFormat>({ max: 500, ttlMs: Infinity, now: () => 0 });

function formatFor(zone: string): Intl.DateTimeFormat {
  const known = formats.get(zone);
  if (known) return known;
  const fmt = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  formats.set(zone, fmt);
  return fmt;
}

const TOKEN_PART: Record<string, Intl.DateTimeFormatPartTypes> = {
  yyyy: 'year',
  MM: 'month',
  dd: 'day',
  HH: 'hour',
  mm: 'minute',
  ss: 'second',
};

/** `epochMs` in `zone` (IANA name) by `pattern`, e.g. `yyyy-MM-dd HH:mm`. Throws RangeError for an invalid instant. */
export function formatWallClock(epochMs: number, zone: string, pattern: string): string {
  const parts = formatFor(zone).formatToParts(epochMs);
  const field: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of parts) field[p.type] = p.value;
  return pattern.replace(/yyyy|MM|dd|HH|mm|ss/g, (token) => {
    const value = field[TOKEN_PART[token] ?? 'literal'] ?? '';
    return token === 'yyyy' ? value.padStart(4, '0') : value;
  });
}
