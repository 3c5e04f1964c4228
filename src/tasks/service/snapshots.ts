/**
 * The last known state of each task fieldline has shown on a card. Card buttons carry only the task id; the
 * snapshot gives the name to search by and the values an edit is compared against. Shared through the store.
 *
 * A snapshot is shown to a person only when that person's own key has seen the task (`seenBy`): a button value
 * naming another site's task must not show them what someone else's key saw (issue 14 — Slack values are no
 * authority). Seen marks are kept for a day, so a right the platform withdraws stops showing soon.
 *
 * Every list page and card saves its tasks, mostly unchanged since the last time: writes go through a near cache
 * (store/near-cache.ts), so the very value this process wrote less than RECENT_MS ago is not written again. Reads
 * always go to the store, which stays the truth other threads and replicas share.
 */
import type { Clock } from '../../base/deps.ts';
import type { Task } from '../../monitoring/api.ts';
import { withNearCache } from '../../store/near-cache.ts';
import type { Store } from '../../store/store.ts';

const SNAPSHOT_TTL_MS = 90 * 24 * 3600_000;
const SEEN_TTL_MS = 24 * 3600_000;
const RECENT_MS = 10 * 60_000;
const MAX_RECENT = 5_000;

export interface Snapshots {
  get(taskId: string): Promise<Task | undefined>;
  /** The snapshot when `scope` (a person's key, or the relay) has seen the task itself; else undefined. */
  getFor(taskId: string, scope: string): Promise<Task | undefined>;
  /** Saves the task as seen by `scope`. */
  put(task: Task, scope: string): Promise<void>;
}

export function createSnapshots(store: Store, clock: Clock): Snapshots {
  const ns = store.namespace('task-snapshot');
  const seen = store.namespace('task-seen');
  const writes = withNearCache(store, { ttlMs: RECENT_MS, max: MAX_RECENT, now: () => clock.now() });
  const nsWrites = writes.namespace('task-snapshot');
  const seenWrites = writes.namespace('task-seen');
  return {
    get: (taskId) => ns.get<Task>(taskId),
    async getFor(taskId, scope) {
      if (!(await seen.get<true>(`${scope}:${taskId}`))) return undefined;
      return ns.get<Task>(taskId);
    },
    async put(task, scope) {
      await Promise.all([
        nsWrites.set(task.id, task, SNAPSHOT_TTL_MS),
        seenWrites.set(`${scope}:${task.id}`, true, SEEN_TTL_MS),
      ]);
    },
  };
}
