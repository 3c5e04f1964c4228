/**
 * Sorted `/task list` reads kept a short while in this process's memory (issue 18): "More" pages through the
 * same order the first page came from, and the list asked again within LIST_SNAPSHOT_TTL_MS (open after overdue,
 * say) costs no platform read. Kept per acting scope and platform query, so nobody is shown rows another key
 * returned; bounded in count and in rows held. Changes made through fieldline are patched in by the lister
 * (./list.ts); changes made elsewhere show once the snapshot has expired, and the list says how old it is.
 */
import type { Clock } from '../../deps.ts';
import type { TaskQuery } from '../../monitoring/api.ts';
import type { ListRow } from './list-order.ts';

export const LIST_SNAPSHOT_TTL_MS = 30_000;
const MAX_SNAPSHOTS = 50;
/** About a thousand rows per list at most; a row holds its raw platform task (a few KB at worst). */
const MAX_ROWS_HELD = 10_000;
/** Changes remembered (for reads in flight) within a TTL; beyond this many, no read is kept. */
const MAX_CHANGES = 10_000;

export interface SortedRead {
  scope: string;
  query: TaskQuery;
  /** Every row read (up to MAX_ROWS_READ), sorted byUrgency; list scopes filter it. */
  rows: ListRow[];
  capped: boolean;
  /** Epoch ms of the instant the rows were judged (overdue) and the read began. */
  readAt: number;
}

export interface ListSnapshots {
  /** The snapshot of this scope and query, while it is younger than the TTL. */
  get(scope: string, query: TaskQuery): SortedRead | undefined;
  /**
   * Keeps a read unless a change it may not show was made since it began (noted by `changed`): one in its scope,
   * or to a task it holds. The lister patches kept reads; one in flight cannot be patched.
   */
  put(read: SortedRead): void;
  /** Notes that a task was changed through fieldline, acting in `scope`. */
  changed(scope: string, taskId: string): void;
  /** The live snapshots, for patching. */
  all(): SortedRead[];
  drop(read: SortedRead): void;
  /** Drops every snapshot of a scope (its key changed, or a change could not be patched in). */
  forget(scope: string): void;
}

const keyOf = (scope: string, query: TaskQuery) => `${scope}\u0000${JSON.stringify(query)}`;

export function createListSnapshots(
  clock: Clock,
  limits = { ttlMs: LIST_SNAPSHOT_TTL_MS, maxSnapshots: MAX_SNAPSHOTS, maxRows: MAX_ROWS_HELD },
): ListSnapshots {
  const kept = new Map<string, { read: SortedRead; rows: number }>();
  let rowsHeld = 0;
  // Last change per task and per scope within the TTL, oldest first (re-set entries move to the end).
  const changedTasks = new Map<string, number>();
  const changedScopes = new Map<string, number>();

  function forgetOldChanges(now: number): void {
    for (const changes of [changedTasks, changedScopes])
      for (const [k, at] of changes) {
        if (now - at < limits.ttlMs) break;
        changes.delete(k);
      }
  }
  function changedSince(read: SortedRead): boolean {
    const since = (at: number | undefined) => at !== undefined && at >= read.readAt;
    return (
      changedTasks.size > MAX_CHANGES ||
      since(changedScopes.get(read.scope)) ||
      read.rows.some((r) => since(changedTasks.get(r.task.id)))
    );
  }

  function remove(key: string): void {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    rowsHeld -= entry.rows;
  }
  const fresh = (read: SortedRead) => clock.now() - read.readAt < limits.ttlMs;

  return {
    get(scope, query) {
      const key = keyOf(scope, query);
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (fresh(entry.read)) return entry.read;
      remove(key);
      return undefined;
    },
    put(read) {
      forgetOldChanges(clock.now());
      if (!fresh(read) || changedSince(read)) return;
      const key = keyOf(read.scope, read.query);
      remove(key);
      for (const [k, entry] of kept) if (!fresh(entry.read)) remove(k);
      kept.set(key, { read, rows: read.rows.length });
      rowsHeld += read.rows.length;
      // Oldest first: a Map iterates in insertion order.
      for (const k of kept.keys()) {
        if (kept.size <= limits.maxSnapshots && rowsHeld <= limits.maxRows) break;
        if (k !== key) remove(k);
      }
    },
    changed(scope, taskId) {
      const now = clock.now();
      forgetOldChanges(now);
      changedTasks.delete(taskId);
      changedTasks.set(taskId, now);
      changedScopes.delete(scope);
      changedScopes.set(scope, now);
    },
    all() {
      return [...kept.values()].map((e) => e.read).filter(fresh);
    },
    drop(read) {
      const key = keyOf(read.scope, read.query);
      if (kept.get(key)?.read === read) remove(key);
    },
    forget(scope) {
      for (const [k, entry] of kept) if (entry.read.scope === scope) remove(k);
    },
  };
}
