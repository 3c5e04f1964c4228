/**
 * Paging for GET /data-sources, /tasks and /reading, as async iterators that fetch the minimal number of pages.
 * // contract: Paging rules 1–4 — limit always sent; lastValue passed back verbatim; textSearch repeated on every
 * page (callers pass the same query each time); the end is `data: null` or fewer rows than `limit` — a
 * lastValue alone does not prove more data exists.
 */
import type { Page } from './api.ts';
import { intArg, onlyKeys, textArg } from './args.ts';
import { DEFAULT_LIST_LIMIT, MAX_LIST_LIMIT, type ResourceContext } from './context.ts';
import { listEnvelope, type PageRows } from './schemas.ts';

type Params = Record<string, string | undefined>;

/** The paging part of a GET /data-sources or GET /tasks query, shared by both resources. */
function listPaging(query: { limit?: number; textSearch?: string }, lastValue: string | null) {
  const limit = intArg('limit', query.limit, 1, MAX_LIST_LIMIT) ?? DEFAULT_LIST_LIMIT;
  return {
    limit,
    params: {
      // contract: Paging rule 1 — `limit` is the page size; always send it.
      limit: String(limit),
      // contract: Paging rule 2 — pass the response lastValue back verbatim.
      lastValue: lastValue ?? undefined,
      // contract: Paging rule 3 — the same textSearch on every page.
      textSearch: textArg('textSearch', query.textSearch),
    },
  };
}

/**
 * A GET /data-sources or GET /tasks query: only the paging keys and the resource's `filterKeys`, the paging
 * part first, then the resource's own filters.
 */
export function listParams<Q extends { limit?: number; textSearch?: string }>(
  query: Q,
  lastValue: string | null,
  filterKeys: readonly string[],
  filters: (query: Q) => Params,
) {
  onlyKeys('query', query, ['limit', 'textSearch', ...filterKeys]);
  const { limit, params } = listPaging(query, lastValue);
  return { limit, params: { ...params, ...filters(query) } };
}

/** Page bookkeeping shared by the three lists. `rows` null means the answer was {data: null}. */
export function toPage<T>(rows: T[] | null, lastValue: string | null, limit: number): Page<T> {
  const list = rows ?? [];
  return { rows: list, lastValue, done: rows === null || list.length < limit };
}

/**
 * A paged GET: `build` checks the query and gives the page size and the query string; each answer's envelope is
 * checked, its rows cut to the limit and read by `rows` in one pass. `all` checks the query at once, so a bad
 * query fails where it is built rather than on first iteration.
 */
export function pagedGet<Q, R>(
  ctx: ResourceContext,
  spec: {
    path: string;
    rows: PageRows<R>;
    build: (query: Q, lastValue: string | null) => { limit: number; params: Params };
  },
) {
  const what = `GET ${spec.path}`;
  async function page(query: Q, lastValue?: string | null, signal?: AbortSignal): Promise<Page<R>> {
    const { limit, params } = spec.build(query, lastValue ?? null);
    const body = await ctx.http.send({ method: 'GET', path: spec.path, query: params, signal });
    const envelope = listEnvelope(body, what);
    let rows = envelope.rows;
    // contract: Paging rule 1 — `limit` is the page size. A page longer than the `limit` asked breaks the
    // contract; it is cut to the limit before any row is read, so one answer cannot cause unbounded work.
    // `contractViolation` is told (it logs once per endpoint).
    if (rows !== null && rows.length > limit) {
      ctx.contractViolation(what, { rows: rows.length, limit });
      rows = rows.slice(0, limit);
    }
    return toPage(rows === null ? null : spec.rows(rows, what, body), envelope.lastValue, limit);
  }
  function all(query: Q, signal?: AbortSignal) {
    spec.build(query, null);
    return paginate((lastValue, s) => page(query, lastValue, s), signal);
  }
  return { page, all };
}

type FetchPage<T> = (lastValue: string | null, signal?: AbortSignal) => Promise<Page<T>>;

async function* paginate<T>(
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

/**
 * Whole pages, asking for the next page as soon as the current one is known to be full and not the last, so
 * the request travels while the caller works on the rows it has. Only for callers that read to the end (the
 * /reading report): `paginate` stays the default because here a consumer that stops early has cost one request
 * more (which is then cancelled). The minimal page count is unchanged for a consumer that reads everything.
 */
export async function* paginateAhead<T>(
  fetchPage: FetchPage<T>,
  signal?: AbortSignal,
): AsyncGenerator<Page<T>, void, undefined> {
  const inFlight = new AbortController();
  const forward = () => inFlight.abort(signal?.reason);
  if (signal?.aborted) forward();
  else signal?.addEventListener('abort', forward, { once: true });
  const request = (lastValue: string | null) => {
    const page = fetchPage(lastValue, inFlight.signal);
    // handled where it is awaited; this only keeps a failure that lands before then from counting as unhandled
    page.catch(() => undefined);
    return page;
  };
  try {
    let next = request(null);
    for (;;) {
      const page = await next;
      // same end rules as paginate: a short page, data null, or a full page without a cursor
      const more = !page.done && page.lastValue !== null;
      if (more) {
        next = request(page.lastValue);
        // one turn of the event loop so the request reaches the socket now: undici writes it from a deferred
        // callback, which a consumer busy with the page's rows would otherwise hold back until it is done
        await new Promise((resolve) => setImmediate(resolve));
      }
      yield page;
      if (!more) return;
    }
  } finally {
    signal?.removeEventListener('abort', forward);
    // a consumer that stopped early leaves at most one request running: nobody will read it
    inFlight.abort();
  }
}
