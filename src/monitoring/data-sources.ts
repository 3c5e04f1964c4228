/** GET /data-sources (paged list with every filter) and GET /data-sources/{id} (full record). */
import type { DataSourceQuery, MonitoringApi, Page, DataSourceRow } from './api.ts';
import { boolArg, idArg, idListArg, onlyKeys, segment } from './args.ts';
import type { ResourceContext } from './context.ts';
import { fullRecordWire, listRowWire, toDataSource, toDataSourceRow } from './data-source-schema.ts';
import { MonitoringError } from './errors.ts';
import { listPaging, paginate, toPage, withinLimit } from './paging.ts';
import { dataEnvelope, listEnvelope, parseBody } from './schemas.ts';

const QUERY_KEYS = [
  'limit',
  'siteIds',
  'meterIds',
  'applyingIds',
  'textSearch',
  'withLastReadings',
  'withDetails',
  'onlyMain',
];

function listQuery(query: DataSourceQuery, lastValue: string | null) {
  onlyKeys('query', query, QUERY_KEYS);
  const { limit, params } = listPaging(query, lastValue);
  return {
    limit,
    params: {
      ...params,
      siteIds: idListArg('siteIds', query.siteIds),
      meterIds: idListArg('meterIds', query.meterIds),
      applyingIds: idListArg('applyingIds', query.applyingIds),
      // contract: section 1 — withLastReadings/withDetails: "any value at all turns it on", so false is omitted.
      withLastReadings: boolArg('withLastReadings', query.withLastReadings) ? 'true' : undefined,
      withDetails: boolArg('withDetails', query.withDetails) ? 'true' : undefined,
      // contract: section 1 — onlyMain: "the literal string true".
      onlyMain: boolArg('onlyMain', query.onlyMain) ? 'true' : undefined,
    },
  };
}

// Built once: a zod schema is costly to construct and compiles its fast path on first use.
const listWire = listEnvelope(listRowWire);
const recordWire = dataEnvelope(fullRecordWire);

export function dataSourcesResource(ctx: ResourceContext): MonitoringApi['dataSources'] {
  async function listPage(
    query: DataSourceQuery,
    lastValue?: string | null,
    signal?: AbortSignal,
  ): Promise<Page<DataSourceRow>> {
    const { limit, params } = listQuery(query, lastValue ?? null);
    const body = await ctx.http.send({ method: 'GET', path: '/data-sources', query: params, signal });
    const parsed = parseBody(
      listWire,
      withinLimit(body, limit, 'GET /data-sources', ctx.contractViolation),
      'GET /data-sources',
    );
    return toPage(parsed.data?.map(toDataSourceRow) ?? null, parsed.lastValue, limit);
  }

  async function fetchRecord(
    id: string,
    withSchema: boolean,
    withLastReading: boolean,
    signal?: AbortSignal,
  ) {
    const body = await ctx.http.send({
      method: 'GET',
      path: `/data-sources/${segment(id)}`,
      // contract: section 2 — "only the literal string true" includes meterSchema / the latest reading.
      query: {
        withSchema: withSchema ? 'true' : undefined,
        withLastReading: withLastReading ? 'true' : undefined,
      },
      signal,
      // A 500 on withSchema=true is expected for a source without schema: fall back at once instead of retrying.
      ...(withSchema ? { retry: { skipStatuses: [500] } } : {}),
    });
    return parseBody(recordWire, body, 'GET /data-sources/{id}').data;
  }

  return {
    list: (query = {}, signal) => {
      listQuery(query, null);
      return paginate((lastValue, s) => listPage(query, lastValue, s), signal);
    },
    listPage,
    async get(id, opts = {}, signal) {
      idArg('id', id);
      const withSchema = boolArg('withSchema', opts.withSchema) === true;
      const withLastReading = boolArg('withLastReading', opts.withLastReading) === true;
      try {
        const wire = await fetchRecord(id, withSchema, withLastReading, signal);
        return toDataSource(wire, { schemaAsked: withSchema, schemaMissing: false });
      } catch (err) {
        // contract: section 2 — "withSchema=true on a data source with no schema fails with 500."
        if (!withSchema || !(err instanceof MonitoringError) || err.status !== 500) throw err;
        const wire = await fetchRecord(id, false, withLastReading, signal);
        return toDataSource(wire, { schemaAsked: true, schemaMissing: true });
      }
    },
  };
}
