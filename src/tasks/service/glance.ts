/**
 * One GET /tasks page of glances: rows checked only in the fields a pass over many rows reads, each checked in
 * full by `full()` when it is used. From whole rows when the client has no glancePage (test doubles).
 */
import type { MonitoringApi, Page, TaskGlance, TaskQuery } from '../../monitoring/api.ts';

export function glancePage(
  monitoring: MonitoringApi,
  query: TaskQuery,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<Page<TaskGlance>> {
  const tasks = monitoring.tasks;
  if (tasks.glancePage) return tasks.glancePage(query, cursor, signal);
  return tasks
    .listPage(query, cursor, signal)
    .then((page) => ({ ...page, rows: page.rows.map((task) => ({ ...task, full: () => task })) }));
}
