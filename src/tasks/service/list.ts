/**
 * `/task list` paging. The whole result is read (bounded by MAX_ROWS_READ), filtered where the platform cannot
 * (open = not Done/Cancelled; overdue) and sorted by urgency before it is paged, so page 1 holds the oldest
 * overdue work. "More" keeps the filter and the offset under a short token in the store and reads the list
 * again, so the next page continues the same order with current data.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../deps.ts';
import type { MonitoringApi, Task, TaskGlance, TaskQuery } from '../../monitoring/api.ts';
import { glancePage } from './glance.ts';
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
  /** Overdue first (oldest due first), then by due date; undated last — over the whole result, then paged. */
  tasks: Task[];
  /** Ids of the listed open tasks past their due date in the site's time zone. */
  overdueIds: string[];
  /** Token for the next page, or null at the end. */
  next: string | null;
  /** How many tasks matched in the rows read (all pages together). */
  total: number;
  /** The platform had more rows than fieldline reads for one list: the order covers the first MAX_ROWS_READ. */
  capped: boolean;
}

interface CursorState {
  filter: TaskListFilter;
  /** Where the next page starts in the sorted list. */
  offset: number;
}

export const LIST_PAGE_SIZE = 10;
/** Work is bounded: at most this many platform rows are read (and sorted) for one list. */
export const MAX_ROWS_READ = 1000;
const PLATFORM_PAGE = 100;
const CURSOR_TTL_MS = 24 * 3600_000;

/**
 * Every row read is only glanced at (order, open, overdue, what the directory learns): the whole result is read
 * to sort it, but only the page shown is checked and used in full.
 */
type Row = { task: TaskGlance; late: boolean };

// Overdue first (oldest due date first), then by due date (YYYY-MM-DD sorts as text), undated last; then by id,
// so that every read of the same tasks gives the same order and "More" continues where the page ended.
function byUrgency(a: Row, b: Row): number {
  const rank = (r: Row) => (r.late ? 0 : r.task.dueDate ? 1 : 2);
  return (
    rank(a) - rank(b) ||
    (a.task.dueDate ?? '').localeCompare(b.task.dueDate ?? '') ||
    Number(a.task.id) - Number(b.task.id) ||
    a.task.id.localeCompare(b.task.id)
  );
}

export function createTaskLister(deps: {
  monitoring: MonitoringApi;
  store: Store;
  clock: Clock;
  timeZoneOf(siteId: string | undefined): Promise<string | null>;
  learn(tasks: readonly Pick<Task, 'status' | 'assignee'>[]): Promise<void>;
}) {
  const cursors = deps.store.namespace('task-list-cursor');
  async function overdue(task: TaskGlance, nowMs: number): Promise<boolean> {
    // Only a dated open task needs its site's zone (a directory lookup).
    if (!task.dueDate || !isOpen(task)) return false;
    return isOverdue(task, nowMs, await deps.timeZoneOf(task.site?.id));
  }

  function keep(task: TaskGlance, late: boolean, filter: TaskListFilter): boolean {
    if (filter.scope === 'all') return true;
    if (filter.scope === 'overdue') return late;
    return isOpen(task);
  }

  /** Every matching task (up to MAX_ROWS_READ platform rows), sorted by urgency. */
  async function readAll(filter: TaskListFilter, signal?: AbortSignal) {
    const query: TaskQuery = { limit: PLATFORM_PAGE };
    if (filter.siteId) query.siteIds = [filter.siteId];
    if (filter.priorityId) query.priorityIds = [filter.priorityId];
    if (filter.assigneeId) query.assigneeIds = [filter.assigneeId];
    const rows: Row[] = [];
    let read = 0;
    let cursor: string | null = null;
    for (;;) {
      const result = await glancePage(deps.monitoring, query, cursor, signal);
      // one instant per page: every task of the page is judged overdue against the same "today"
      const nowMs = deps.clock.now();
      await deps.learn(result.rows);
      for (const task of result.rows) {
        if (read >= MAX_ROWS_READ) break;
        read += 1;
        const late = await overdue(task, nowMs);
        if (keep(task, late, filter)) rows.push({ task, late });
      }
      // paging rule 4: the end is data null or a short page; a lastValue alone proves nothing.
      if (result.done || result.lastValue === null) return { rows: rows.sort(byUrgency), capped: false };
      if (read >= MAX_ROWS_READ) return { rows: rows.sort(byUrgency), capped: true };
      cursor = result.lastValue;
    }
  }

  async function page(filter: TaskListFilter, offset: number, signal?: AbortSignal): Promise<TaskListPage> {
    const { rows, capped } = await readAll(filter, signal);
    const shown = rows.slice(offset, offset + LIST_PAGE_SIZE);
    let next: string | null = null;
    if (offset + LIST_PAGE_SIZE < rows.length) {
      next = randomUUID();
      await cursors.set<CursorState>(next, { filter, offset: offset + LIST_PAGE_SIZE }, CURSOR_TTL_MS);
    }
    return {
      tasks: shown.map((r) => r.task.full()),
      overdueIds: shown.filter((r) => r.late).map((r) => r.task.id),
      next,
      total: rows.length,
      capped,
    };
  }

  return {
    first: (filter: TaskListFilter, signal?: AbortSignal) => page(filter, 0, signal),
    /** undefined when the token expired (the list must be asked for again). */
    async more(
      token: string,
      signal?: AbortSignal,
    ): Promise<(TaskListPage & { filter: TaskListFilter }) | undefined> {
      const state = await cursors.get<CursorState>(token);
      if (!state || typeof state.offset !== 'number') return undefined;
      return { ...(await page(state.filter, state.offset, signal)), filter: state.filter };
    },
  };
}
