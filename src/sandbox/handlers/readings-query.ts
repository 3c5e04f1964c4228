/** GET /reading (section 3): readings of one data source, page by page, newest first by default. */
import { apiRoute, readableMeter, type KeyedRequest } from '../context.ts';
import { decodeNumberCursor, encodeCursor } from '../cursor.ts';
import { HttpError, type Reply } from '../http.ts';
import { page, parseLimit } from '../paging.ts';
import type { StoredRow } from '../readings-store.ts';
import { readingRow } from '../source-view.ts';
import { parseTimeWindow, TIME_FILTER_KEYS } from '../time-window.ts';

const QUERY = ['meterId', ...TIME_FILTER_KEYS, 'limit', 'lastValue', 'sortDesc'];

function readPage(ctx: KeyedRequest): Reply {
  const { state, query } = ctx;
  // contract: limits — page size of GET /reading "1 to 500, default 500".
  const limit = parseLimit(query.limit, 500, 500);
  const source = readableMeter(ctx);
  const window = parseTimeWindow(query, source.site.timeZone, state.now(), true);
  if (!window) throw new HttpError(400, 'A time range is required.', '02-001');
  const after =
    query.lastValue === undefined
      ? undefined
      : decodeNumberCursor(state.secret, 'readings', source.id, query.lastValue, 't');
  // contract: section 3 — sortDesc "order by timestamp descending (newest first is already the default)";
  // the sandbox reads the literal "false" as oldest first.
  const desc = query.sortDesc !== 'false';
  const picked: StoredRow[] = [];
  for (const row of state.readings.scan(source, { ...window, desc, after })) {
    picked.push(row);
    if (picked.length >= limit) break;
  }
  // contract: paging rule 4 — "On GET /reading, lastValue is returned on every non-empty page including the last."
  return page(
    picked,
    (row) => readingRow(source, row),
    (last) => encodeCursor(state.secret, 'readings', source.id, { t: last.t }),
  );
}

export const getReadings = apiRoute('GET', '/reading', QUERY, readPage);
