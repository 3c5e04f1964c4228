/**
 * Finds one task on the platform. The contract has no GET /task/{id}: search GET /tasks by name (textSearch,
 * repeated on every page by the client) and match the id; a few pages at most.
 *
 * A task just created (the usual reason to look one up) sits at one end of the list: when the first page is
 * full and does not hold it, the first page of the reversed order (`sortDesc`, "reverses the sort", contract
 * section 8) is tried before the remaining pages, so a common name costs two pages rather than up to five.
 * A task fieldline has just created is looked for at that end first (`newest`): one short page for any name, and
 * when others of the name were created meanwhile (jobs run side by side), the next page of that order.
 * Rows are only glanced at (their id); the one found is checked in full.
 */
import type { MonitoringApi, Task, TaskQuery } from '../../monitoring/api.ts';
import { glancePage } from './glance.ts';

const MAX_PAGES = 5;
const PAGE_SIZE = 50;
const NEWEST_PAGE_SIZE = 5;

export async function findTask(
  monitoring: MonitoringApi,
  taskId: string,
  name: string,
  signal?: AbortSignal,
  newest = false,
): Promise<Task | undefined> {
  // textSearch over a 10k-character name helps nobody; a prefix narrows the search just as well.
  const textSearch = name.trim().slice(0, 100);
  const query: TaskQuery = { limit: PAGE_SIZE, ...(textSearch ? { textSearch } : {}) };
  const atNewestEnd = async (limit = PAGE_SIZE, cursor: string | null = null) => {
    const page = await glancePage(monitoring, { ...query, limit, sortDesc: true }, cursor, signal);
    return { page, hit: page.rows.find((t) => t.id === taskId) };
  };
  // The newest end's page of 50 was read (as `newest` goes on from its short page): the usual search skips it.
  let newestEndRead = false;
  if (newest) {
    // Just created: among the very newest of its name, so a short page is read (a common name's full page of 50
    // was most of a submission's parsing). Others of the name created since (jobs run side by side) push it
    // further: the same order goes on from that page's cursor (contract: Paging rule 2) before the usual search,
    // whose first pages would read the oldest end and the newest rows again.
    const { page, hit } = await atNewestEnd(NEWEST_PAGE_SIZE);
    if (hit) return hit.full();
    // contract: Paging rule 4 — a short page or data null is the end: that was every task of the name.
    if (page.done) return undefined;
    if (page.lastValue !== null) {
      const next = await atNewestEnd(PAGE_SIZE, page.lastValue);
      if (next.hit) return next.hit.full();
      if (next.page.done) return undefined;
      newestEndRead = true;
    }
  }
  let cursor: string | null = null;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await glancePage(monitoring, query, cursor, signal);
    const hit = result.rows.find((t) => t.id === taskId);
    if (hit) return hit.full();
    // contract: Paging rule 4 — a short page or data null is the end; a full page without a cursor cannot go on.
    if (result.done || result.lastValue === null) return undefined;
    // After the first page, the newest end's full page, unless `newest` read it already.
    if (page === 0 && !newestEndRead) {
      const other = await atNewestEnd();
      if (other.hit) return other.hit.full();
    }
    cursor = result.lastValue;
  }
  return undefined;
}
