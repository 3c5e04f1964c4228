/**
 * `/task list` paging. The whole result is read (bounded by MAX_ROWS_READ), filtered where the platform cannot
 * (open = not Done/Cancelled; overdue) and sorted by urgency before it is paged, so page 1 holds the oldest
 * overdue work. "More" keeps the filter and the offset under a short token in the store.
 *
 * The sorted read is kept a short while in this process (./list-snapshots.ts): "More", and a list asked again
 * soon with `reuse`, page through it after a one-row check with the person's key (stillGood), with the changes
 * made through this service patched in at once. Once it has expired, or on another replica, the list is read
 * again, so the next page continues the same order with current data.
 */
import { randomUUID } from 'node:crypto';
import type { Clock } from '../../base/deps.ts';
import type { MonitoringApi, Task, TaskQuery } from '../../monitoring/api.ts';
import type { Store } from '../../store/store.ts';
import { todayAt } from '../rules/dates.ts';
import { glanceOf, glancePage } from './glance.ts';
import {
  byUrgency,
  keeps,
  listRow,
  needsSiteDay,
  sameGlance,
  type ListRow,
  type ListScope,
} from './list-order.ts';
import { createListSnapshots, type SortedRead } from './list-snapshots.ts';

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
  /** Token for the page before this one, or null on the first page. */
  previous: string | null;
  /** Token for the first page, from the third page on (the second page's "Previous" is the first page). */
  first: string | null;
  /** Where this page starts in the whole list (0 on the first page): "11–20". */
  offset: number;
  /** How many tasks matched in the rows read (all pages together). */
  total: number;
  /** The platform had more rows than fieldline reads for one list: the order covers the first MAX_ROWS_READ. */
  capped: boolean;
  /** When the page comes from an earlier read: the epoch ms it was read at. null when read for this page. */
  asOf: number | null;
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
  /** Whose key the platform is read with (the acting person's): reads are kept per scope. */
  scope(): string;
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
  const snapshots = createListSnapshots(deps.clock);

  /** Every row the platform returns for the query (up to MAX_ROWS_READ), sorted by urgency. */
  async function read(query: TaskQuery, signal?: AbortSignal): Promise<SortedRead> {
    const scope = deps.scope();
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
      if (end || rows.length >= MAX_ROWS_READ)
        return { scope, query, rows: rows.sort(byUrgency), capped: !end, readAt };
      cursor = result.lastValue;
    }
  }

  /**
   * Before a kept read answers, one row of the platform instead of every page: the newest task the query returns
   * (sortDesc). The call proves the person may still read with their key (it fails as a whole read would: a
   * revoked key, a refused person), and for a new list (`fresh`) a task created or changed elsewhere at that end
   * sends the list to the platform again. "More" keeps to the read its first page came from.
   */
  async function stillGood(read: SortedRead, fresh: boolean, signal?: AbortSignal): Promise<boolean> {
    const probe = await glancePage(
      deps.monitoring,
      { ...read.query, limit: 1, sortDesc: true },
      null,
      signal,
    );
    const newest = probe.rows[0];
    if (!fresh) return true;
    if (!newest) return read.rows.length === 0;
    const held = read.rows.find((r) => r.task.id === newest.id);
    // a capped read holds the first rows in the platform's order only: the newest may well be beyond them
    return held ? sameGlance(held.task, newest) : read.capped;
  }

  // One read of a scope and query at a time: lists asked for while it is under way wait for it (the same key, so
  // the same rows), rather than each reading every page again.
  const reading = new Map<string, Promise<SortedRead>>();
  function readOnce(query: TaskQuery, signal?: AbortSignal): Promise<SortedRead> {
    // A caller that may cancel reads on its own: its cancel must not end the others' read.
    if (signal) return read(query, signal);
    const key = `${deps.scope()}\u0000${JSON.stringify(query)}`;
    const pending = reading.get(key) ?? read(query).finally(() => reading.delete(key));
    reading.set(key, pending);
    return pending;
  }

  async function sorted(filter: TaskListFilter, reuse: 'no' | 'fresh' | 'more', signal?: AbortSignal) {
    const query = platformQuery(filter);
    const kept = reuse === 'no' ? undefined : snapshots.get(deps.scope(), query);
    if (kept && (await stillGood(kept, reuse === 'fresh', signal))) return { read: kept, reused: true };
    const fresh = await readOnce(query, signal);
    snapshots.put(fresh);
    return { read: fresh, reused: false };
  }

  async function page(
    filter: TaskListFilter,
    offset: number,
    reuse: 'no' | 'fresh' | 'more',
    signal?: AbortSignal,
  ): Promise<TaskListPage> {
    const { read, reused } = await sorted(filter, reuse, signal);
    const rows = read.rows.filter((r) => keeps(filter.scope, r));
    // A list that shrank since the page before was shown: the last page that still has rows.
    const start = Math.min(offset, Math.max(0, Math.ceil(rows.length / LIST_PAGE_SIZE) - 1) * LIST_PAGE_SIZE);
    const shown = rows.slice(start, start + LIST_PAGE_SIZE);
    // A token names a filter and a place in the list, kept in the store; whoever presses it reads with their own
    // key (the kept read is per key, and "More" checks it with that key), so it grants nothing.
    const tokenAt = async (at: number) => {
      const token = randomUUID();
      await cursors.set<CursorState>(token, { filter, offset: at }, CURSOR_TTL_MS);
      return token;
    };
    const next = start + LIST_PAGE_SIZE < rows.length ? await tokenAt(start + LIST_PAGE_SIZE) : null;
    const previous = start > 0 ? await tokenAt(Math.max(0, start - LIST_PAGE_SIZE)) : null;
    const first = start > LIST_PAGE_SIZE ? await tokenAt(0) : null;
    return {
      tasks: shown.map((r) => r.task.full()),
      overdueIds: shown.filter((r) => r.late).map((r) => r.task.id),
      next,
      previous,
      first,
      offset: start,
      total: rows.length,
      capped: read.capped,
      asOf: reused ? read.readAt : null,
    };
  }

  /**
   * A task was created or changed through fieldline (`task` as now known; undefined when unknown): the acting
   * scope's kept reads, and its reads still under way, show it at once; another scope's read holding it is dropped
   * (read again with that key).
   */
  async function changed(taskId: string, task: Task | undefined): Promise<void> {
    const scope = deps.scope();
    const at = deps.clock.now();
    const glance = task ? glanceOf(task) : undefined;
    // The site zones only when its row needs a site day (overdue is judged in the site's zone).
    const zones = glance && needsSiteDay(glance) ? await deps.siteZones().catch(() => undefined) : undefined;
    const known = task && glance && (zones || !needsSiteDay(glance));
    snapshots.changed({
      scope,
      taskId,
      at,
      ...(known ? { now: { task, row: listRow(glance, siteDay(at, zones)) } } : {}),
    });
  }

  return {
    first: (filter: TaskListFilter, reuse: boolean, signal?: AbortSignal) =>
      page(filter, 0, reuse ? 'fresh' : 'no', signal),
    /** The page a More, Previous or First page token names; undefined when it expired (list again). */
    async more(
      token: string,
      signal?: AbortSignal,
    ): Promise<(TaskListPage & { filter: TaskListFilter }) | undefined> {
      const state = await cursors.get<CursorState>(token);
      if (!state || typeof state.offset !== 'number') return undefined;
      return { ...(await page(state.filter, state.offset, 'more', signal)), filter: state.filter };
    },
    changed,
    /** Drops the kept reads of a scope (its person connected another key, or disconnected). */
    forget: (scope: string) => snapshots.forget(scope),
  };
}
