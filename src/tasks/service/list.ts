/**
 * `/task list` paging. Filters the platform cannot express (open = not Done/Cancelled; overdue) are applied to
 * whole platform pages; a "More" click resumes from the platform's cursor, kept in the store under a short
 * token because button values are small and the cursor is opaque (paging rule 2: passed back verbatim).
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../deps.ts';
import type { MonitoringApi, Task, TaskQuery } from '../../monitoring/api.ts';
import type { Store } from '../../store/store.ts';
import { isOpen, isOverdue } from '../rules/open-overdue.ts';

export type ListScope = 'all' | 'open' | 'mine' | 'overdue';

export interface TaskListFilter {
  scope: ListScope;
  siteId?: string;
  priorityId?: string;
  /** Platform user id (scope `mine`). */
  assigneeId?: string;
}

export interface TaskListPage {
  /** Overdue first, then by due date; undated last (within the fetched platform pages). */
  tasks: Task[];
  /** Ids of the listed open tasks past their due date in the site's time zone. */
  overdueIds: string[];
  /** Token for the next page, or null at the end. */
  next: string | null;
}

interface CursorState {
  filter: TaskListFilter;
  lastValue: string;
}

export const LIST_PAGE_SIZE = 10;
const MAX_PLATFORM_PAGES = 5;
const CURSOR_TTL_MS = 24 * 3600_000;

export function createTaskLister(deps: {
  monitoring: MonitoringApi;
  store: Store;
  clock: Clock;
  timeZoneOf(siteId: string | undefined): Promise<string | null>;
  learn(tasks: Task[]): Promise<void>;
}) {
  const cursors = deps.store.namespace('task-list-cursor');

  async function overdue(task: Task): Promise<boolean> {
    // Only a dated open task needs its site's zone (a directory lookup).
    if (!task.dueDate || !isOpen(task)) return false;
    return isOverdue(task, deps.clock.now(), await deps.timeZoneOf(task.site?.id));
  }

  function keep(task: Task, late: boolean, filter: TaskListFilter): boolean {
    if (filter.scope === 'all') return true;
    if (filter.scope === 'overdue') return late;
    return isOpen(task);
  }

  // Overdue first, then by due date (YYYY-MM-DD sorts as text), undated last; stable otherwise.
  function ordered(rows: { task: Task; late: boolean }[]): TaskListPage['tasks'] {
    const rank = (r: { task: Task; late: boolean }) => (r.late ? 0 : r.task.dueDate ? 1 : 2);
    return [...rows]
      .sort((a, b) => rank(a) - rank(b) || (a.task.dueDate ?? '').localeCompare(b.task.dueDate ?? ''))
      .map((r) => r.task);
  }

  async function fetch(
    filter: TaskListFilter,
    from: string | null,
    signal?: AbortSignal,
  ): Promise<TaskListPage> {
    const query: TaskQuery = { limit: LIST_PAGE_SIZE };
    if (filter.siteId) query.siteIds = [filter.siteId];
    if (filter.priorityId) query.priorityIds = [filter.priorityId];
    if (filter.assigneeId) query.assigneeIds = [filter.assigneeId];
    const rows: { task: Task; late: boolean }[] = [];
    const pageOf = (next: string | null): TaskListPage => ({
      tasks: ordered(rows),
      overdueIds: rows.filter((r) => r.late).map((r) => r.task.id),
      next,
    });
    let cursor = from;
    for (let page = 0; page < MAX_PLATFORM_PAGES; page++) {
      const result = await deps.monitoring.tasks.listPage(query, cursor, signal);
      await deps.learn(result.rows);
      for (const task of result.rows) {
        const late = await overdue(task);
        if (keep(task, late, filter)) rows.push({ task, late });
      }
      // paging rule 4: the end is data null or a short page; a lastValue alone proves nothing.
      if (result.done || result.lastValue === null) return pageOf(null);
      cursor = result.lastValue;
      if (rows.length >= LIST_PAGE_SIZE) break;
    }
    // The platform has more pages: offer More even when these pages filtered down to few (or no) rows.
    const token = randomUUID();
    await cursors.set<CursorState>(token, { filter, lastValue: cursor ?? '' }, CURSOR_TTL_MS);
    return pageOf(token);
  }

  return {
    first: (filter: TaskListFilter, signal?: AbortSignal) => fetch(filter, null, signal),
    /** undefined when the token expired (the list must be asked for again). */
    async more(
      token: string,
      signal?: AbortSignal,
    ): Promise<(TaskListPage & { filter: TaskListFilter }) | undefined> {
      const state = await cursors.get<CursorState>(token);
      if (!state) return undefined;
      return { ...(await fetch(state.filter, state.lastValue, signal)), filter: state.filter };
    },
  };
}
