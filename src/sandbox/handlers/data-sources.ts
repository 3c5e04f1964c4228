/** GET /data-sources (section 1) and GET /data-sources/{id} (section 2). */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { noAccess, ok, serverError, ValidationError, type Reply } from '../http.ts';
import type { Source } from '../model.ts';
import { LIST_PAGING, page, parseLimit } from '../paging.ts';
import { fullRecord, listRow } from '../source-view.ts';
import { csvParam } from '../validate.ts';

function cursorKey(s: Source): [number, string, number] {
  return [s.kind.type.ordinal, s.name, s.num];
}

/** Same order as compareSources (seed.ts), on cursor keys. */
function compareKeys(a: [number, string, number], b: [number, string, number]): number {
  return a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || a[2] - b[2];
}

function startIndex(sources: Source[], key: unknown): number {
  if (
    !Array.isArray(key) ||
    key.length !== 3 ||
    typeof key[0] !== 'number' ||
    typeof key[1] !== 'string' ||
    typeof key[2] !== 'number'
  ) {
    throw new ValidationError('cursor payload');
  }
  const probe: [number, string, number] = [key[0], key[1], key[2]];
  let lo = 0;
  let hi = sources.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const s = sources[mid];
    if (s && compareKeys(cursorKey(s), probe) <= 0) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

const LIST_QUERY = [
  ...LIST_PAGING,
  'siteIds',
  'meterIds',
  'applyingIds',
  'withLastReadings',
  'withDetails',
  'onlyMain',
];

function listSources({ state, key, query }: KeyedRequest): Reply {
  const limit = parseLimit(query.limit, 1000, 100);
  const sources = state.world.sources;
  // contract: section 1 — "Order is fixed: type, then name, then ID; it cannot be changed."
  const from =
    query.lastValue === undefined
      ? 0
      : startIndex(sources, decodeCursor(state.secret, 'sources', query.textSearch ?? '', query.lastValue));
  const siteIds = csvParam(query.siteIds);
  const meterIds = csvParam(query.meterIds);
  const applyingIds = csvParam(query.applyingIds);
  const text = query.textSearch?.trim().toLowerCase() ?? '';
  const flags = {
    // contract: section 1 — withLastReadings / withDetails: "any value at all turns it on"; onlyMain: only literal "true".
    withLastReadings: query.withLastReadings !== undefined,
    withDetails: query.withDetails !== undefined,
    onlyMain: query.onlyMain === 'true',
  };
  const picked: Source[] = [];
  for (let i = from; i < sources.length && picked.length < limit; i++) {
    const s = sources[i];
    if (!s || !state.canRead(key, s)) continue;
    if (siteIds && !siteIds.includes(s.site.id)) continue;
    if (meterIds && !meterIds.includes(s.id)) continue;
    if (applyingIds && !applyingIds.includes(String(s.kind.applyingId))) continue;
    if (text && !s.name.toLowerCase().includes(text)) continue;
    picked.push(s);
  }
  return page(
    picked,
    (s) => listRow(state, s, flags),
    (last) => encodeCursor(state.secret, 'sources', query.textSearch ?? '', cursorKey(last)),
  );
}

export const listDataSources = apiRoute('GET', '/data-sources', LIST_QUERY, listSources);

function readSource({ state, key, params, query }: KeyedRequest): Reply {
  const source = state.world.sourceById.get(params.id ?? '');
  if (!source || !state.canRead(key, source)) throw noAccess('data source');
  // contract: section 2 — only the literal string "true" includes meterSchema / the latest reading.
  const withSchema = query.withSchema === 'true';
  // contract: section 2 — "withSchema=true on a data source with no schema fails with 500".
  if (withSchema && !source.kind.hasSchema) throw serverError();
  return ok(fullRecord(state, source, withSchema, query.withLastReading === 'true'));
}

export const getDataSource = apiRoute(
  'GET',
  '/data-sources/{id}',
  ['withSchema', 'withLastReading'],
  readSource,
);
