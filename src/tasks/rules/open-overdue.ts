/**
 * The one definition of "open" and "closed (done or cancelled)" for a task, and of "overdue" against a site's
 * today already worked out: the task list, the Home tab and the relay's task snapshots all decide with these
 * (overdue at an instant, with how every card words it: ./due-state.ts). Pure.
 */
import { statusKey } from '../../directory/index.ts';
import { TASK_STATUS } from '../../monitoring/api.ts';
import { isDueDate } from './dates.ts';

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
 * Overdue (./due-state.ts) judged against the site's today already worked out (`todayAt` in ./dates.ts), for lists
 * of hundreds of tasks: due dates and today are both YYYY-MM-DD, so plain text order is date order.
 */
export function isOverdueOn(
  task: { status: StatusFacts; doneDate: string | null; dueDate: string | null },
  siteToday: string,
): boolean {
  return task.dueDate !== null && task.dueDate < siteToday && isDueDate(task.dueDate) && isOpen(task);
}
