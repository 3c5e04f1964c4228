/**
 * `/task list` paging. The whole result is read (bounded by MAX_ROWS_READ), filtered where the platform cannot
 * (open = not Done/Cancelled; overdue) and sorted by urgency before it is paged, so page 1 holds the oldest
 * overdue work. "More" keeps the filter and the offset under a short token in the store and reads the list
 * again, so the next page continues the same order with current data.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../deps.ts';
import type { MonitoringApi, Task, TaskQuery } from '../../monitoring/api.ts';
import type { Store } from '../../store/store.ts';
import { todayAt } from '../rules/dates.ts';
import { glancePage } from './glance.ts';
import { byUrgency, keeps, listRow, needsSiteDay, type ListRow, type ListScope } from './list-order.ts';

export type { ListScope } from './list-order.ts';

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

type SiteZones = ReadonlyMap<string, string | null>;

export interface TaskListerDeps {
  monitoring: MonitoringApi;
  store: Store;
  clock: Clock;
  /** Site id → IANA zone (null when unknown) of the sites the acting key sees. */
  siteZones(signal?: AbortSignal): Promise<SiteZones>;
  learn(tasks: readonly Pick<Task, 'status' | 'assignee'>[]): Promise<void>;
}

function platformQuery(filter: TaskListFilter): TaskQuery {
  const query: TaskQuery = { limit: PLATFORM_PAGE };
  if (filter.siteId) query.siteIds = [filter.siteId];
  if (filter.priorityId) query.priorityIds = [filter.priorityId];
  if (filter.assigneeId) query.assigneeIds = [filter.assigneeId];
  return query;
}

/** Today at a task's site at `nowMs`: its zone's date, worked out once per zone (UTC when the zone is unknown). */
function siteDay(nowMs: number, zones: SiteZones | undefined): (siteId: string | undefined) => string {
  const today = todayAt(nowMs);
  return (siteId) => today(siteId ? (zones?.get(siteId) ?? null) : null);
}

export function createTaskLister(deps: TaskListerDeps) {
  const cursors = deps.store.namespace('task-list-cursor');

  /** Every row the platform returns for the query (up to MAX_ROWS_READ), sorted by urgency. */
  async function read(query: TaskQuery, signal?: AbortSignal): Promise<{ rows: ListRow[]; capped: boolean }> {
    // one instant per list: every task is judged overdue against the same "today"
    const readAt = deps.clock.now();
    const rows: ListRow[] = [];
    let zones: SiteZones | undefined;
    let dayOf = siteDay(readAt, zones);
    let cursor: string | null = null;
    for (;;) {
      const result = await glancePage(deps.monitoring, query, cursor, signal);
      await deps.learn(result.rows);
      const room = MAX_ROWS_READ - rows.length;
      const taken = result.rows.length > room ? result.rows.slice(0, room) : result.rows;
      // The sites' zones (a directory lookup) once, and only when a dated open task needs one.
      if (!zones && taken.some(needsSiteDay)) {
        zones = await deps.siteZones(signal);
        dayOf = siteDay(readAt, zones);
      }
      for (const task of taken) rows.push(listRow(task, dayOf));
      // paging rule 4: the end is data null or a short page; a lastValue alone proves nothing.
      const end = result.done || result.lastValue === null;
      if (end || rows.length >= MAX_ROWS_READ) return { rows: rows.sort(byUrgency), capped: !end };
      cursor = result.lastValue;
    }
  }

  async function page(filter: TaskListFilter, offset: number, signal?: AbortSignal): Promise<TaskListPage> {
    const all = await read(platformQuery(filter), signal);
    const rows = all.rows.filter((r) => keeps(filter.scope, r));
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
      capped: all.capped,
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
