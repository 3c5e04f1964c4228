/**
 * One GET /tasks page of glances: rows checked only in the fields a pass over many rows reads, each checked in
 * full by `full()` when it is used. From whole rows when the client has no glancePage (test doubles).
 */
import type { MonitoringApi, Page, Task, TaskGlance, TaskQuery } from '../../monitoring/api.ts';

/** A task already checked in full, seen as a glance. */
export function glanceOf(task: Task): TaskGlance {
  return { ...task, full: () => task };
}

export function glancePage(
  monitoring: MonitoringApi,
  query: TaskQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<TaskGlance>> {
  const tasks = monitoring.tasks;
  if (tasks.glancePage) return tasks.glancePage(query, cursor, signal);
  return tasks.listPage(query, cursor, signal).then((page) => ({ ...page, rows: page.rows.map(glanceOf) }));
}
