/**
 * Sorted `/task list` reads kept a short while in this process's memory (issue 18): "More" pages through the
 * same order the first page came from, and the list asked again within LIST_SNAPSHOT_TTL_MS (open after overdue,
 * say) costs no platform read. Kept per acting scope and platform query, so nobody is shown rows another key
 * returned; bounded in count and in rows held. Changes made through fieldline are patched in — into the reads
 * kept, and into a read still in flight when it arrives (under a stream of changes, a read that took a while
 * would otherwise never be kept); changes made elsewhere show once the snapshot has expired, and the list says
 * when it was read.
 */
import type { Clock } from '../../base/deps.ts';
import type { Task, TaskQuery } from '../../monitoring/api.ts';
import { insertRow, matchesQuery, type ListRow } from './list-order.ts';

export const LIST_SNAPSHOT_TTL_MS = 30_000;
const MAX_SNAPSHOTS = 50;
/** About a thousand rows per list at most; a row holds its raw platform task (a few KB at worst). */
const MAX_ROWS_HELD = 10_000;
/** Changes remembered (for reads in flight) within a TTL; beyond this many, a read in flight is not kept. */
const MAX_CHANGES = 10_000;

export interface SortedRead {
  scope: string;
  query: TaskQuery;
  /** Every row read (up to MAX_ROWS_READ), sorted byUrgency; list scopes filter it. */
  rows: ListRow[];
  /** The platform had more rows: these are the first it returns, and only they are kept current. */
  capped: boolean;
  /** Epoch ms of the instant the rows were judged (overdue) and the read began: what "As of" says. */
  readAt: number;
}

/** A task created or changed through fieldline, acting in `scope`. */
export interface TaskChange {
  scope: string;
  taskId: string;
  /** Epoch ms of the change. */
  at: number;
  /** The task as now known and its list row; absent when unknown (reads holding it cannot be patched). */
  now?: { task: Task; row: ListRow };
}

export interface ListSnapshots {
  /** The snapshot of this scope and query, while it was kept less than the TTL ago. */
  get(scope: string, query: TaskQuery): SortedRead | undefined;
  /** Keeps a read, with the changes made since it began patched in (not kept when one cannot be). */
  put(read: SortedRead): void;
  /** A change made through fieldline: patched into the reads kept (a read it cannot be patched into is dropped). */
  changed(change: TaskChange): void;
  /** Drops every snapshot of a scope (its key changed). */
  forget(scope: string): void;
}

const keyOf = (scope: string, query: TaskQuery) => `${scope}\u0000${JSON.stringify(query)}`;

/**
 * Patches `change` into `read`; false when it cannot be. Another scope's read holding the task cannot (whether
 * that key still sees it is the platform's to say). A capped read holds the platform's first rows only: a task it
 * does not hold lies beyond them (or is new), so only held rows are brought up to date.
 */
function patch(read: SortedRead, change: TaskChange): boolean {
  const at = read.rows.findIndex((r) => r.task.id === change.taskId);
  if (read.scope !== change.scope) return at < 0;
  if (!change.now) return at < 0 && read.capped;
  if (at >= 0) read.rows.splice(at, 1);
  if ((at >= 0 || !read.capped) && matchesQuery(read.query, change.now.task))
    insertRow(read.rows, change.now.row);
  return true;
}

export function createListSnapshots(
  clock: Clock,
  limits = { ttlMs: LIST_SNAPSHOT_TTL_MS, maxSnapshots: MAX_SNAPSHOTS, maxRows: MAX_ROWS_HELD },
): ListSnapshots {
  const kept = new Map<string, { read: SortedRead; keptAt: number; rows: number }>();
  let rowsHeld = 0;
  // The changes of the last TTL, oldest first; `lost` after more than MAX_CHANGES were let go.
  let changes: TaskChange[] = [];
  let lostBefore = 0;

  function forgetOldChanges(now: number): void {
    const from = changes.findIndex((c) => now - c.at < limits.ttlMs);
    changes = from < 0 ? [] : changes.slice(from);
    if (changes.length > MAX_CHANGES) {
      lostBefore = changes[changes.length - MAX_CHANGES]?.at ?? now;
      changes = changes.slice(-MAX_CHANGES);
    }
  }
  function remove(key: string): void {
    const entry = kept.get(key);
    if (!entry) return;
    kept.delete(key);
    rowsHeld -= entry.rows;
  }
  const fresh = (keptAt: number) => clock.now() - keptAt < limits.ttlMs;

  return {
    get(scope, query) {
      const key = keyOf(scope, query);
      const entry = kept.get(key);
      if (!entry) return undefined;
      if (fresh(entry.keptAt)) return entry.read;
      remove(key);
      return undefined;
    },
    put(read) {
      const now = clock.now();
      forgetOldChanges(now);
      // A change this process no longer remembers may be missing from the read: not kept.
      if (read.readAt <= lostBefore) return;
      for (const change of changes) if (change.at >= read.readAt && !patch(read, change)) return;
      const key = keyOf(read.scope, read.query);
      remove(key);
      for (const [k, entry] of kept) if (!fresh(entry.keptAt)) remove(k);
      kept.set(key, { read, keptAt: now, rows: read.rows.length });
      rowsHeld += read.rows.length;
      // Oldest first: a Map iterates in insertion order.
      for (const k of kept.keys()) {
        if (kept.size <= limits.maxSnapshots && rowsHeld <= limits.maxRows) break;
        if (k !== key) remove(k);
      }
    },
    changed(change) {
      forgetOldChanges(change.at);
      changes.push(change);
      for (const [key, entry] of kept) {
        if (!fresh(entry.keptAt) || !patch(entry.read, change)) remove(key);
        else {
          rowsHeld += entry.read.rows.length - entry.rows;
          entry.rows = entry.read.rows.length;
        }
      }
    },
    forget(scope) {
      for (const [k, entry] of kept) if (entry.read.scope === scope) remove(k);
    },
  };
}
