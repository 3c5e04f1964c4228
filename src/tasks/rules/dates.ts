/** Pure date helpers for task due dates (`YYYY-MM-DD`, a calendar date in the site's time zone). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

export function isDueDate(text: string): boolean {
  if (!DATE_RE.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number);
  const probe = new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, d ?? 1));
  return probe.toISOString().slice(0, 10) === text;
}

/** Zone names already checked (most lists name a handful of sites' zones); bounded so odd names cannot grow it. */
const checkedZones = new Map<string, string>();
const MAX_CHECKED_ZONES = 256;

/** The zone to count in: the site's when it is a zone this runtime knows, else UTC (null or a misspelt name). */
function zoneOrUtc(timeZone: string | null): string {
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

/** The last answer per zone: a list asks for the same instant once per task. */
const lastToday = new Map<string, { nowMs: number; today: string }>();

/** Today's date (YYYY-MM-DD) at the site (UTC when the site's zone is unknown). */
export function siteToday(nowMs: number, timeZone: string | null): string {
  const zone = zoneOrUtc(timeZone);
  const last = lastToday.get(zone);
  if (last?.nowMs === nowMs) return last.today;
  const today = format(new TZDate(nowMs, zone), 'yyyy-MM-dd');
  if (lastToday.size >= MAX_CHECKED_ZONES) lastToday.clear();
  lastToday.set(zone, { nowMs, today });
  return today;
}

/** Epoch ms of the end (23:59) of the due day in the site's zone: when the task becomes overdue. */
export function dueDeadline(dueDate: string, timeZone: string | null): number | null {
  if (!isDueDate(dueDate)) return null;
  const [y, m, d] = dueDate.split('-').map(Number);
  return new TZDate(y ?? 0, (m ?? 1) - 1, d ?? 1, 23, 59, 0, zoneOrUtc(timeZone)).getTime();
}

/** The due day has ended at the site: it is before the site's today (a task due today is not past due). */
export function isPastDue(dueDate: string, nowMs: number, timeZone: string | null): boolean {
  return dueDate < siteToday(nowMs, timeZone);
}
