/** GET /reading (section 3): readings of one data source, page by page, newest first by default. */
import { readableMeter, type Route } from '../context.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { HttpError } from '../http.ts';
import { parseLimit } from '../paging.ts';
import { readingRow } from '../source-view.ts';
import { parseTimeWindow, TIME_FILTER_KEYS } from '../time-window.ts';

export const getReadings: Route = {
  method: 'GET',
  path: '/reading',
  query: ['meterId', ...TIME_FILTER_KEYS, 'limit', 'lastValue', 'sortDesc'],
  handle(ctx) {
    const { state, query } = ctx;
    // contract: limits — page size of GET /reading "1 to 500, default 500".
    const limit = parseLimit(query.limit, 500, 500);
    const source = readableMeter(ctx);
    const window = parseTimeWindow(query, source.site.timeZone, state.now(), true);
    if (!window) throw new HttpError(400, 'A time range is required.', '02-001');
    let after: number | undefined;
    if (query.lastValue !== undefined) {
      const payload = decodeCursor(state.secret, 'readings', source.id, query.lastValue);
      if (
        typeof payload !== 'object' ||
        payload === null ||
        !('t' in payload) ||
        typeof payload.t !== 'number'
      )
        throw new HttpError(400, 'Malformed lastValue.', '02-001');
      after = payload.t;
    }
    // contract: section 3 — sortDesc "order by timestamp descending (newest first is already the default)";
    // the sandbox reads the literal "false" as oldest first.
    const desc = query.sortDesc !== 'false';
    const rows: Record<string, unknown>[] = [];
    let lastT = 0;
    for (const row of state.readings.scan(source, { ...window, desc, after })) {
      rows.push(readingRow(source, row));
      lastT = row.t;
      if (rows.length >= limit) break;
    }
    // contract: paging rule 4 — "On GET /reading, lastValue is returned on every non-empty page including the last."
    if (rows.length === 0) return { status: 200, body: { data: null } };
    return {
      status: 200,
      body: { data: rows, lastValue: encodeCursor(state.secret, 'readings', source.id, { t: lastT }) },
    };
  },
};
