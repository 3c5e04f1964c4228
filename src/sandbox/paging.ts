/** Shared paging rules for GET /data-sources, /tasks and /reading. */
import { HttpError, type Reply } from './http.ts';

/** The query parameters of every GET /data-sources and GET /tasks page (paging rules 1–3). */
export const LIST_PAGING = ['limit', 'lastValue', 'textSearch'];

/**
 * `limit`: a positive integer. GET /reading allows 1 to 500 (default 500, contract: limits); the contract
 * leaves the default and maximum of the other lists unspecified — the sandbox uses 100 and 1000.
 */
export function parseLimit(text: string | undefined, max: number, fallback: number): number {
  if (text === undefined) return fallback;
  if (!/^\d+$/.test(text)) throw new HttpError(400, 'limit must be an integer.', '02-001');
  const limit = Number(text);
  if (limit < 1 || limit > max) throw new HttpError(400, `limit must be between 1 and ${max}.`, '02-001');
  return limit;
}

/**
 * The list envelope. contract: paging rule 4 — "Presence of lastValue alone does not prove more data
 * exists": the sandbox returns a cursor on every non-empty page (also the last one), and {data: null}
 * (convention 4) with no cursor when a page is empty.
 */
export function page<T>(picked: readonly T[], row: (item: T) => unknown, cursor: (last: T) => string): Reply {
  const last = picked.at(-1);
  if (last === undefined) return { status: 200, body: { data: null } };
  return { status: 200, body: { data: picked.map(row), lastValue: cursor(last) } };
}
