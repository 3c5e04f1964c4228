/** Pure date helpers for task due dates (`YYYY-MM-DD`, a calendar date in the site's time zone). */
import { TZDate } from '@date-fns/tz';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** A real calendar date written YYYY-MM-DD (checked on every task submission's ack: no Date built). */
export function isDueDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  if (m < 1 || m > 12 || d < 1) return false;
  const leap = m === 2 && y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);
  return d <= (DAYS_IN_MONTH[m - 1] ?? 0) + (leap ? 1 : 0);
}

/** Zone names already checked (most lists name a handful of sites' zones); bounded so odd names cannot grow it. */
const checkedZones = new Map<string, string>();
const MAX_CHECKED_ZONES = 256;

/** The zone to count in: the site's when it is a zone this runtime knows, else UTC (null or a misspelt name). */
export function zoneOrUtc(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  const known = checkedZones.get(timeZone);
  if (known !== undefined) return known;
  let zone = 'UTC';
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    zone = timeZone;
  } catch {
    // not a zone this runtime knows: count in UTC
  }
  if (checkedZones.size >= MAX_CHECKED_ZONES) checkedZones.clear();
  checkedZones.set(timeZone, zone);
  return zone;
}

/** One formatter per zone (building an Intl.DateTimeFormat costs far more than using it); bounded like the above. */
const dayFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * The last answer per zone, for its minute: zones' offsets are whole minutes, so a site's date changes only on a
 * minute boundary, and every instant of one minute has the same date (callers judging many tasks, and every task
 * submission's ack, ask again within the minute).
 */
const lastToday = new Map<string, { minute: number; today: string }>();

/** Today's date (YYYY-MM-DD) at the site (UTC when the site's zone is unknown). */
export function siteToday(nowMs: number, timeZone: string | null): string {
  const zone = zoneOrUtc(timeZone);
  const minute = Math.floor(nowMs / 60_000);
  const last = lastToday.get(zone);
  if (last?.minute === minute) return last.today;
  let fmt = dayFormats.get(zone);
  if (!fmt) {
    fmt = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    if (dayFormats.size >= MAX_CHECKED_ZONES) dayFormats.clear();
    dayFormats.set(zone, fmt);
  }
  const part: Record<string, string> = {};
  for (const p of fmt.formatToParts(nowMs)) part[p.type] = p.value;
  const today = `${part.year}-${part.month}-${part.day}`;
  if (lastToday.size >= MAX_CHECKED_ZONES) lastToday.clear();
  lastToday.set(zone, { minute, today });
  return today;
}

/**
 * Today at each zone asked, for one instant: a list judges hundreds of tasks against one `now` (siteToday keeps
 * each zone's date for its minute, so each zone's date is worked out once).
 */
export function todayAt(nowMs: number): (timeZone: string | null) => string {
  return (timeZone) => siteToday(nowMs, timeZone);
}

/** Worked-out deadlines by date and zone (a card renders one on every refresh; a TZDate costs ~0.1 ms). */
const deadlines = new Map<string, number>();
const MAX_DEADLINES = 2_000;

/** Epoch ms of the end (23:59) of the due day in the site's zone: when the task becomes overdue. */
export function dueDeadline(dueDate: string, timeZone: string | null): number | null {
  if (!isDueDate(dueDate)) return null;
  const key = `${dueDate}|${timeZone ?? ''}`;
  const known = deadlines.get(key);
  if (known !== undefined) return known;
  const [y, m, d] = dueDate.split('-').map(Number);
  const at = new TZDate(y ?? 0, (m ?? 1) - 1, d ?? 1, 23, 59, 0, zoneOrUtc(timeZone)).getTime();
  if (deadlines.size >= MAX_DEADLINES) deadlines.clear();
  deadlines.set(key, at);
  return at;
}

/** The due day has ended at the site: it is before the site's today (a task due today is not past due). */
export function isPastDue(dueDate: string, nowMs: number, timeZone: string | null): boolean {
  return dueDate < siteToday(nowMs, timeZone);
}
