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

/** Today's date at the site (UTC when the site's zone is unknown). */
export function siteToday(nowMs: number, timeZone: string | null): string {
  return format(new TZDate(nowMs, timeZone ?? 'UTC'), 'yyyy-MM-dd');
}

/** Epoch ms of the end (23:59) of the due day in the site's zone: when the task becomes overdue. */
export function dueDeadline(dueDate: string, timeZone: string | null): number | null {
  if (!isDueDate(dueDate)) return null;
  const [y, m, d] = dueDate.split('-').map(Number);
  return new TZDate(y ?? 0, (m ?? 1) - 1, d ?? 1, 23, 59, 0, timeZone ?? 'UTC').getTime();
}

export function isPastDue(dueDate: string, nowMs: number, timeZone: string | null): boolean {
  return dueDate < siteToday(nowMs, timeZone);
}
