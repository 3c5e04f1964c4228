/** Pure: which of the viewer's open tasks the Home tab shows, overdue first, then by due date. */
import type { Task } from '../../monitoring/api.ts';
import { isOpen, isOverdue } from '../../tasks/rules/index.ts';

/** One of the viewer's open tasks on the Home tab. */
export interface HomeTask {
  task: Task;
  /** Past its due date in the site's time zone. */
  overdue: boolean;
}

function rank(item: HomeTask): number {
  if (item.overdue) return 0;
  return item.task.dueDate ? 1 : 2;
}

export function pickHomeTasks(
  tasks: readonly Task[],
  nowMs: number,
  timeZoneOf: (siteId: string | undefined) => string | null,
  limit: number,
): HomeTask[] {
  const seen = new Set<string>();
  const items: HomeTask[] = [];
  for (const task of tasks) {
    if (seen.has(task.id) || !isOpen(task)) continue;
    seen.add(task.id);
    // A due date is a calendar day at the site; unknown zones count in UTC (the card says so).
    const overdue = isOverdue(task, nowMs, timeZoneOf(task.site?.id));
    items.push({ task, overdue });
  }
  items.sort(
    (a, b) =>
      rank(a) - rank(b) ||
      (a.task.dueDate ?? '').localeCompare(b.task.dueDate ?? '') ||
      a.task.id.localeCompare(b.task.id, 'en', { numeric: true }),
  );
  return items.slice(0, limit);
}
