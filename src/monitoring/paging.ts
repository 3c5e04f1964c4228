/**
 * Paging for GET /data-sources, /tasks and /reading, as async iterators that fetch the minimal number of pages.
 * // contract: Paging rules 1–4 — limit always sent; lastValue passed back verbatim; textSearch repeated on every
 * page (callers pass the same query each time); the end is `data: null` or fewer rows than `limit` — a
 * lastValue alone does not prove more data exists.
 */
import type { Page } from './api.ts';

/** Page bookkeeping shared by the three lists. `rows` null means the answer was {data: null}. */
export function toPage<T>(rows: T[] | null, lastValue: string | null, limit: number): Page<T> {
  const list = rows ?? [];
  return { rows: list, lastValue, done: rows === null || list.length < limit };
}

export type FetchPage<T> = (lastValue: string | null, signal?: AbortSignal) => Promise<Page<T>>;

export async function* paginate<T>(
  fetchPage: FetchPage<T>,
  signal?: AbortSignal,
): AsyncGenerator<T, void, undefined> {
  let lastValue: string | null = null;
  for (;;) {
    const page: Page<T> = await fetchPage(lastValue, signal);
    yield* page.rows;
    // A full page without a cursor cannot be continued: asking again without lastValue would restart the list.
    if (page.done || page.lastValue === null) return;
    lastValue = page.lastValue;
  }
}
