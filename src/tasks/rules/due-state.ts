/**
 * The one rule for a task's due date as every card shows it — the task card, the alerts' task messages, the task
 * list and App Home: the due day at the site, when that day ends, and whether the task is overdue. Pure.
 */
import { dueDeadline, isDueDate, isPastDue, zoneOrUtc } from './dates.ts';
import { isOpen, type StatusFacts } from './open-overdue.ts';

export interface DueDay {
  /** `YYYY-MM-DD`, a calendar date at the site. */
  dueDate: string;
  /** The last minute of the due day at the site (epoch ms); null when the site's zone is not known to the caller. */
  endsAt: number | null;
  /** The zone the day is counted in; null when the site's zone is unknown (counted in UTC). */
  zone: string | null;
}

export type DueState =
  | { kind: 'none' }
  /** A due date the platform sent that is no calendar date: shown as sent, never overdue. */
  | { kind: 'unreadable'; dueDate: string }
  /** Open, and the due day has not ended at the site (a task due today is not overdue yet). */
  | ({ kind: 'due' } & DueDay)
  /** Open, and the due day has ended at the site. */
  | ({ kind: 'overdue' } & DueDay)
  /** Done or cancelled: the date is history. */
  | ({ kind: 'closed' } & DueDay);

/** The site's zone when this runtime knows it, else null (the day is then counted in UTC). */
export function knownZone(timeZone: string | null): string | null {
  if (!timeZone) return null;
  const zone = zoneOrUtc(timeZone);
  return zone === 'UTC' && timeZone !== 'UTC' ? null : zone;
}

/**
 * Where a task stands against its due date at `nowMs`, with the day counted in the site's zone (UTC when unknown).
 * Overdue: open, and its due day has ended at the site.
 */
export function dueState(
  task: { status: StatusFacts; doneDate: string | null; dueDate: string | null },
  nowMs: number,
  timeZone: string | null,
): DueState {
  const { dueDate } = task;
  if (dueDate === null || dueDate === '') return { kind: 'none' };
  if (!isDueDate(dueDate)) return { kind: 'unreadable', dueDate };
  const day: DueDay = { dueDate, endsAt: dueDeadline(dueDate, timeZone), zone: knownZone(timeZone) };
  if (!isOpen(task)) return { kind: 'closed', ...day };
  return { kind: isPastDue(dueDate, nowMs, timeZone) ? 'overdue' : 'due', ...day };
}

/** Open, and its due day has ended in the site's time zone (UTC when the zone is unknown). */
export function isOverdue(
  task: { status: StatusFacts; doneDate: string | null; dueDate: string | null },
  nowMs: number,
  timeZone: string | null,
): boolean {
  return dueState(task, nowMs, timeZone).kind === 'overdue';
}
