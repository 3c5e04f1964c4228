/**
 * Finds one task on the platform. The contract has no GET /task/{id}: search GET /tasks by name (textSearch,
 * repeated on every page by the client) and match the id; a few pages at most.
 */
import type { MonitoringApi, Task } from '../../monitoring/api.ts';

const MAX_PAGES = 5;

export async function findTask(
  monitoring: MonitoringApi,
  taskId: string,
  name: string,
  signal?: AbortSignal,
): Promise<Task | undefined> {
  // textSearch over a 10k-character name helps nobody; a prefix narrows the search just as well.
  const textSearch = name.trim().slice(0, 100);
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await monitoring.tasks.listPage(
      { limit: 50, ...(textSearch ? { textSearch } : {}) },
      cursor,
      signal,
    );
    const hit = result.rows.find((t) => t.id === taskId);
    if (hit) return hit;
    if (result.done || result.lastValue === null) return undefined;
    cursor = result.lastValue;
  }
  return undefined;
}
