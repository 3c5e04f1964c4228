/**
 * The last known state of each task fieldline has shown on a card. Card buttons carry only the task id; the
 * snapshot gives the name to search by and the values an edit is compared against. Shared through the store.
 */
import type { Task } from '../../monitoring/api.ts';
import type { Store } from '../../store/store.ts';

const SNAPSHOT_TTL_MS = 90 * 24 * 3600_000;

export interface Snapshots {
  get(taskId: string): Promise<Task | undefined>;
  put(task: Task): Promise<void>;
}

export function createSnapshots(store: Store): Snapshots {
  const ns = store.namespace('task-snapshot');
  return {
    get: (taskId) => ns.get<Task>(taskId),
    put: (task) => ns.set(task.id, task, SNAPSHOT_TTL_MS),
  };
}
