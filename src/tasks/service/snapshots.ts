/**
 * The last known state of each task fieldline has shown on a card. Card buttons carry only the task id; the
 * snapshot gives the name to search by and the values an edit is compared against. Shared through the store.
 *
 * A snapshot is shown to a person only when that person's own key has seen the task (`seenBy`): a button value
 * naming another site's task must not show them what someone else's key saw (issue 14 — Slack values are no
 * authority). Seen marks are kept for a day, so a right the platform withdraws stops showing soon.
 *
 * Every list page and card saves its tasks, mostly unchanged since the last time: what this process wrote lately
 * is remembered (bounded, for RECENT_MS), and the same value is not written again within that time. The store
 * stays the truth: reads always go to it, and a value is written again at least every RECENT_MS.
 */
import type { Clock } from '../../deps.ts';
import type { Task } from '../../monitoring/api.ts';
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

/** Store writes made lately by this process: key → what was written and when. */
function recentWrites(clock: Clock) {
  const written = new Map<string, { at: number; value: string }>();
  return {
    has(key: string, value: string): boolean {
      const last = written.get(key);
      return last !== undefined && last.value === value && clock.now() - last.at < RECENT_MS;
    },
    note(key: string, value: string): void {
      written.delete(key);
      written.set(key, { at: clock.now(), value });
      if (written.size > MAX_RECENT) written.delete(written.keys().next().value ?? key);
    },
  };
}

export function createSnapshots(store: Store, clock: Clock): Snapshots {
  const ns = store.namespace('task-snapshot');
  const seen = store.namespace('task-seen');
  const recent = recentWrites(clock);

  async function write(key: string, value: string, set: () => Promise<unknown>): Promise<void> {
    if (recent.has(key, value)) return;
    await set();
    recent.note(key, value);
  }

  return {
    get: (taskId) => ns.get<Task>(taskId),
    async getFor(taskId, scope) {
      if (!(await seen.get<true>(`${scope}:${taskId}`))) return undefined;
      return ns.get<Task>(taskId);
    },
    async put(task, scope) {
      const seenKey = `${scope}:${task.id}`;
      await Promise.all([
        write(`task:${task.id}`, JSON.stringify(task), () => ns.set(task.id, task, SNAPSHOT_TTL_MS)),
        write(`seen:${seenKey}`, '', () => seen.set(seenKey, true, SEEN_TTL_MS)),
      ]);
    },
  };
}
