/** GET /reading (paged query) and POST /reading (write). CSV template/import/export live in ./csv.ts. */
import type { MeterReadings, MonitoringApi, ReadingQuery } from './api.ts';
import { boolArg, idArg, intArg, isPlainObject, onlyKeys } from './args.ts';
import type { ResourceContext } from './context.ts';
import { invalidArgument } from './errors.ts';
import { pagedGet } from './paging.ts';
import { isMetricValue, readingRows } from './reading-row.ts';
import { parseBody, successAnswer } from './schemas.ts';
import { rangeParams } from './time-range.ts';

/** contract: section 3 — limit is 1 to 500, default 500. */
export const READING_PAGE_MAX = 500;

function readingQuery(query: ReadingQuery, lastValue: string | null) {
  onlyKeys('query', query, ['meterId', 'range', 'limit', 'sortDesc']);
  const limit = intArg('limit', query.limit, 1, READING_PAGE_MAX) ?? READING_PAGE_MAX;
  return {
    limit,
    params: {
      meterId: idArg('meterId', query.meterId),
      ...rangeParams(query.range),
      // contract: Paging rules 1–2 — limit always sent; lastValue passed back verbatim.
      limit: String(limit),
      lastValue: lastValue ?? undefined,
      sortDesc: boolArg('sortDesc', query.sortDesc) ? 'true' : undefined,
    },
  };
}

/**
 * contract: section 4 — meterId a string ("a JSON number is rejected"); the timestamp key always present (null
 * = the server's current time; "omitting the key gives 400"); rule 1 — "A reading object accepts only
 * timestamp and values".
 */
function writeBody(batch: MeterReadings[]) {
  if (!Array.isArray(batch) || batch.length === 0)
    throw invalidArgument('batch', 'must hold at least one data source');
  return batch.map((meter, i) => {
    const where = `batch[${i}]`;
    onlyKeys(where, meter, ['meterId', 'readings']);
    const meterId = idArg(`${where}.meterId`, meter.meterId);
    if (!Array.isArray(meter.readings) || meter.readings.length === 0) {
      throw invalidArgument(`${where}.readings`, 'must hold at least one reading');
    }
    const readings = meter.readings.map((reading, j) => {
      const at = `${where}.readings[${j}]`;
      onlyKeys(at, reading, ['timestamp', 'values']);
      const timestamp = reading.timestamp ?? null;
      if (timestamp !== null && (typeof timestamp !== 'string' || timestamp.trim() === '')) {
        throw invalidArgument(`${at}.timestamp`, 'must be a timestamp string, or null for "now"');
      }
      if (!isPlainObject(reading.values))
        throw invalidArgument(`${at}.values`, 'must map metric IDs to values');
      for (const [metricId, value] of Object.entries(reading.values)) {
        if (!isMetricValue(value)) {
          throw invalidArgument(`${at}.values.${metricId}`, 'must be a number, a string or null');
        }
      }
      return { timestamp, values: reading.values };
    });
    return { meterId, readings };
  });
}

export function readingsQueryResource(
  ctx: ResourceContext,
): Pick<MonitoringApi['readings'], 'query' | 'queryPage' | 'write'> {
  // contract: Paging rule 4 — on GET /reading lastValue comes on every non-empty page including the last,
  // so a short page (or data null) ends the list whatever the cursor says (toPage).
  const pages = pagedGet(ctx, { path: '/reading', rows: readingRows, build: readingQuery });
  return {
    query: (query, signal) => pages.all(query, signal),
    queryPage: pages.page,
    async write(batch, signal) {
      const json = writeBody(batch);
      // contract: section 4 rule 6 — no query string. Non-idempotent: retry policy never repeats a POST.
      const body = await ctx.http.send({ method: 'POST', path: '/reading', json, signal });
      // contract: section 4 rule 5 — {data: SUCCESS}: accepted for ingestion, not yet stored.
      parseBody(successAnswer, body, 'POST /reading');
    },
  };
}
