/** Time helpers: UTC event dates with microseconds, site-local timestamps with offsets, query parsing. */
import { tzOffset } from '@date-fns/tz';

const DAY = 86_400_000;
const pad = (n: number, w = 2) => String(n).padStart(w, '0');

/** contract: reading row — `event_date` is "ISO 8601 UTC with microseconds". */
export function eventDate(t: number): string {
  return new Date(t).toISOString().replace('Z', '000Z');
}

export function offsetMinutes(timeZone: string, t: number): number {
  return tzOffset(timeZone, new Date(t));
}

function offsetSuffix(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${pad(Math.floor(abs / 60))}:${pad(abs % 60)}`;
}

/** Site-local ISO timestamp carrying its offset, e.g. 2026-03-29T03:15:00+02:00. */
export function localIso(t: number, timeZone: string): string {
  const off = offsetMinutes(timeZone, t);
  const local = new Date(t + off * 60_000).toISOString().slice(0, 19);
  return `${local}${offsetSuffix(off)}`;
}

/** ISO with an explicit UTC offset (file `createdDate`: "with UTC offset"). */
export function utcWithOffset(t: number): string {
  return new Date(t).toISOString().replace('Z', '+00:00');
}

/** Wall-clock components in a zone → epoch ms (two passes settle DST edges). */
export function fromLocalParts(parts: number[], timeZone: string): number {
  const [y = 1970, mo = 1, d = 1, h = 0, mi = 0, s = 0, ms = 0] = parts;
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  let t = wall - offsetMinutes(timeZone, wall) * 60_000;
  t = wall - offsetMinutes(timeZone, t) * 60_000;
  return t;
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?(Z|[+-]\d{2}:?\d{2})?$/;

/**
 * Parses an ISO 8601 timestamp; the local form (no offset) is read in `timeZone`.
 * Returns null for anything malformed (including impossible dates such as month 13).
 */
export function parseIsoIn(text: string, timeZone: string): number | null {
  const match = ISO.exec(text.trim());
  if (!match) return null;
  const [, y, mo, d, h, mi, s, frac, zone] = match;
  const parts = [y, mo, d, h, mi, s ?? '0'].map(Number);
  const ms = frac ? Number(frac.padEnd(3, '0').slice(0, 3)) : 0;
  if (!validParts(parts)) return null;
  if (!zone) return fromLocalParts([...parts, ms], timeZone);
  const base = Date.UTC(
    parts[0] ?? 0,
    (parts[1] ?? 1) - 1,
    parts[2] ?? 1,
    parts[3] ?? 0,
    parts[4] ?? 0,
    parts[5] ?? 0,
    ms,
  );
  if (zone === 'Z') return base;
  const sign = zone.startsWith('-') ? -1 : 1;
  const digits = zone.slice(1).replace(':', '');
  return base - sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2))) * 60_000;
}

function validParts(parts: number[]): boolean {
  const [y = 0, mo = 0, d = 0, h = 0, mi = 0, s = 0] = parts;
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return false;
  return d <= new Date(Date.UTC(y, mo, 0)).getUTCDate();
}

/** `HH:mm:ss` (or `HH:mm`) → seconds since local midnight, or null. */
export function parseHour(text: string): number | null {
  const match = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(text);
  if (!match) return null;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 24 || m > 59 || s > 59 || (h === 24 && (m > 0 || s > 0))) return null;
  return h * 3600 + m * 60 + s;
}

const UNITS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: DAY,
  week: 7 * DAY,
  month: 30 * DAY,
};

/** `<amount> <unit>` such as `7 days` or `1 hour` → milliseconds, or null. */
export function parseOffset(text: string): number | null {
  const match = /^(\d+)\s+([a-z]+?)s?$/i.exec(text.trim());
  if (!match) return null;
  const unit = UNITS[(match[2] ?? '').toLowerCase()];
  return unit === undefined ? null : Number(match[1]) * unit;
}

/** Seconds since local midnight of instant t in the zone. */
export function localSecondOfDay(t: number, timeZone: string): number {
  const local = t + offsetMinutes(timeZone, t) * 60_000;
  return Math.floor((((local % DAY) + DAY) % DAY) / 1000);
}

/** `MM/DD/YYYY HH:mm:ss`-style pattern → parser of site-local timestamps (import `timestampFormat`). */
export function patternParser(pattern: string, timeZone: string): (text: string) => number | null {
  const order: string[] = [];
  const source = pattern
    .replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    .replace(/YYYY|SSS|MM|DD|HH|mm|ss|M|D|H/g, (token) => {
      order.push(token);
      return token === 'YYYY'
        ? '(\\d{4})'
        : token === 'SSS'
          ? '(\\d{3})'
          : token.length === 2
            ? '(\\d{2})'
            : '(\\d{1,2})';
    });
  const regex = new RegExp(`^${source}$`);
  return (text) => {
    const match = regex.exec(text.trim());
    if (!match) return null;
    const get = (...tokens: string[]) => {
      const i = order.findIndex((t) => tokens.includes(t));
      return i < 0 ? 0 : Number(match[i + 1]);
    };
    const parts = [get('YYYY'), get('MM', 'M'), get('DD', 'D'), get('HH', 'H'), get('mm'), get('ss')];
    return validParts(parts) ? fromLocalParts([...parts, get('SSS')], timeZone) : null;
  };
}

export function ymd(t: number): string {
  return new Date(t).toISOString().slice(0, 10);
}
