/**
 * The one definition of "open", "closed (done or cancelled)" and "overdue" for a task: the task list, the Home tab
 * and the relay's task snapshots all decide with these. Pure.
 */
import { statusKey } from '../../directory/index.ts';
import { TASK_STATUS } from '../../monitoring/api.ts';
import { isPastDue } from './dates.ts';

export type ClosedAs = 'done' | 'cancelled';

/** A status as tasks and relay snapshots carry it. */
export interface StatusFacts {
  id: string;
  name: string | null;
}

/**
 * What the status alone says. contract: task status "5 To Do, 25 Cancelled. The names On Hold and Done also occur;
 * their IDs are not given" — so Cancelled is known by id or name, Done by name only.
 */
export function statusClosure(status: StatusFacts): ClosedAs | null {
  if (status.id === TASK_STATUS.cancelled) return 'cancelled';
  const key = statusKey(status.name ?? '');
  if (key === 'cancelled') return 'cancelled';
  if (key === 'done') return 'done';
  return null;
}

/** Closed as cancelled or done, or null while open. A task with a doneDate is done whatever its status name says. */
export function closedAs(task: { status: StatusFacts; doneDate: string | null }): ClosedAs | null {
  return statusClosure(task.status) ?? (task.doneDate !== null ? 'done' : null);
}

export function isOpen(task: { status: StatusFacts; doneDate: string | null }): boolean {
  return closedAs(task) === null;
}

/**
 * Overdue: open, and its due day (a calendar date at the site) has ended in the site's time zone (UTC when the
 * zone is unknown). A task due today is not overdue yet.
 */
export function isOverdue(
  task: { status: StatusFacts; doneDate: string | null; dueDate: string | null },
  nowMs: number,
  timeZone: string | null,
): boolean {
  return task.dueDate !== null && isOpen(task) && isPastDue(task.dueDate, nowMs, timeZone);
}

/**
 * The same judgement against the site's today already worked out (`todayAt` in ./dates.ts): due dates and today
 * are both YYYY-MM-DD, so plain text order is date order.
 */
export function isOverdueOn(
  task: { status: StatusFacts; doneDate: string | null; dueDate: string | null },
  siteToday: string,
): boolean {
  return task.dueDate !== null && isOpen(task) && task.dueDate < siteToday;
}
