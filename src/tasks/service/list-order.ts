/**
 * The order and filters of `/task list` (issue 17), pure. Each row's sort keys are worked out once, when it is
 * read, so sorting a thousand rows compares numbers and plain strings only.
 */
import type { TaskGlance } from '../../monitoring/api.ts';
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

/** What the list scope keeps of the rows the platform query returned. */
export function keeps(scope: ListScope, row: ListRow): boolean {
  if (scope === 'all') return true;
  if (scope === 'overdue') return row.late;
  return row.open;
}
