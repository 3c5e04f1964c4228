/**
 * The order and filters of `/task list` (issue 17), pure. Each row's sort keys are worked out once, when it is
 * read, so sorting a thousand rows compares numbers and plain strings only.
 */
import type { Task, TaskGlance, TaskQuery } from '../../monitoring/api.ts';
import { isOpen, isOverdueOn } from '../rules/open-overdue.ts';

export type ListScope = 'all' | 'open' | 'mine' | 'overdue';

export interface ListRow {
  task: TaskGlance;
  open: boolean;
  /** Open and past its due day at its site. */
  late: boolean;
  /** 0 overdue, 1 dated, 2 undated. */
  rank: number;
  /** The due date (YYYY-MM-DD sorts as text), '' when undated. */
  due: string;
  /** The id as a number; NaN for an id that is not one. */
  num: number;
}

/** Whether judging the task needs its site's today: only a dated open task can be overdue. */
export function needsSiteDay(task: TaskGlance): boolean {
  return task.dueDate !== null && isOpen(task);
}

/** `todayOfSite` answers for the task's site (its zone's date at the list's instant). */
export function listRow(task: TaskGlance, todayOfSite: (siteId: string | undefined) => string): ListRow {
  const open = isOpen(task);
  const late = open && task.dueDate !== null && isOverdueOn(task, todayOfSite(task.site?.id));
  return {
    task,
    open,
    late,
    rank: late ? 0 : task.dueDate ? 1 : 2,
    due: task.dueDate ?? '',
    num: Number(task.id),
  };
}

const text = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Overdue first (oldest due date first), then by due date, undated last; then by id (numerically, then as text),
 * so that every read of the same tasks gives the same order and "More" continues where the page ended.
 */
export function byUrgency(a: ListRow, b: ListRow): number {
  return a.rank - b.rank || text(a.due, b.due) || a.num - b.num || text(a.task.id, b.task.id);
}

/** Puts `row` where byUrgency places it in the sorted `rows` (binary search). */
export function insertRow(rows: ListRow[], row: ListRow): void {
  let lo = 0;
  let hi = rows.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (byUrgency(rows[mid]!, row) <= 0) lo = mid + 1;
    else hi = mid;
  }
  rows.splice(lo, 0, row);
}

/** Whether two glances at a task agree in everything a list row is made of. */
export function sameGlance(a: TaskGlance, b: TaskGlance): boolean {
  return (
    a.id === b.id &&
    a.dueDate === b.dueDate &&
    a.doneDate === b.doneDate &&
    a.status.id === b.status.id &&
    a.status.name === b.status.name &&
    a.site?.id === b.site?.id &&
    a.assignee?.id === b.assignee?.id
  );
}

/** What the list scope keeps of the rows the platform query returned. */
export function keeps(scope: ListScope, row: ListRow): boolean {
  if (scope === 'all') return true;
  if (scope === 'overdue') return row.late;
  return row.open;
}

/** Whether GET /tasks with `query` returns the task, for the filters `/task list` sends: site, priority, assignee. */
export function matchesQuery(query: TaskQuery, task: Task): boolean {
  const within = (ids: string[] | undefined, id: string | undefined) =>
    ids === undefined || (id !== undefined && ids.includes(id));
  return (
    within(query.siteIds, task.site?.id) &&
    within(query.priorityIds, task.priority?.id) &&
    within(query.assigneeIds, task.assignee?.id)
  );
}
