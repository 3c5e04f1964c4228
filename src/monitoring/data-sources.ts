/** GET /data-sources (paged list with every filter) and GET /data-sources/{id} (full record). */
import type { DataSourceQuery, MonitoringApi } from './api.ts';
import { boolArg, idArg, idListArg, segment } from './args.ts';
import type { ResourceContext } from './context.ts';
import { fullRecordWire, listRowWire, toDataSource, toDataSourceRow } from './data-source-schema.ts';
import { MonitoringError } from './errors.ts';
import { listParams, pagedGet } from './paging.ts';
import { dataEnvelope, parseBody, rowsOf } from './schemas.ts';

const FILTER_KEYS = ['siteIds', 'meterIds', 'applyingIds', 'withLastReadings', 'withDetails', 'onlyMain'];

function listQuery(query: DataSourceQuery, lastValue: string | null) {
  return listParams(query, lastValue, FILTER_KEYS, (q) => ({
    siteIds: idListArg('siteIds', q.siteIds),
    meterIds: idListArg('meterIds', q.meterIds),
    applyingIds: idListArg('applyingIds', q.applyingIds),
    // contract: section 1 — withLastReadings/withDetails: "any value at all turns it on", so false is omitted.
    withLastReadings: boolArg('withLastReadings', q.withLastReadings) ? 'true' : undefined,
    withDetails: boolArg('withDetails', q.withDetails) ? 'true' : undefined,
    // contract: section 1 — onlyMain: "the literal string true".
    onlyMain: boolArg('onlyMain', q.onlyMain) ? 'true' : undefined,
  }));
}

// Built once: a zod schema is costly to construct and compiles its fast path on first use.
const listRows = rowsOf(listRowWire, toDataSourceRow);
const recordWire = dataEnvelope(fullRecordWire);

export function dataSourcesResource(ctx: ResourceContext): MonitoringApi['dataSources'] {
  const pages = pagedGet(ctx, {
    path: '/data-sources',
    rows: listRows,
    build: listQuery,
  });

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
    list: (query = {}, signal) => pages.all(query, signal),
    listPage: pages.page,
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
