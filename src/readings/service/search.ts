/**
 * /source search: one page of GET /data-sources (textSearch), each row enriched with its full record so the
 * list can show activity status and silence against `inactiveThreshold` (list rows carry neither). Records come
 * through `record` (./source-records.ts keeps them briefly per scope).
 */
import PQueue from 'p-queue';
import type { DataSource, DataSourceRow, MonitoringApi } from '../../monitoring/api.ts';

export const SEARCH_PAGE_SIZE = 8;
/** Detail calls in flight at once for one search. */
export const DETAIL_CONCURRENCY = 4;

export interface SourceHit {
  row: DataSourceRow;
  /** The full record (no schema), or null when it could not be fetched; the row alone is shown then. */
  detail: DataSource | null;
}

export interface SearchPage {
  hits: SourceHit[];
  /** The cursor for the next page, verbatim (contract: paging rule 2); null at the end. */
  next: string | null;
}

/** The full record (no schema) of one hit. */
export type RecordOf = (id: string, signal?: AbortSignal) => Promise<DataSource>;

export async function searchSources(
  monitoring: MonitoringApi,
  record: RecordOf,
  text: string,
  cursor: string | null,
  signal?: AbortSignal,
): Promise<SearchPage> {
  // contract: paging rule 3 — the same textSearch on every page.
  const page = await monitoring.dataSources.listPage(
    { textSearch: text, limit: SEARCH_PAGE_SIZE, withLastReadings: true },
    cursor,
    signal,
  );
  // Bounded whatever the platform sends: at most SEARCH_PAGE_SIZE rows (the client cuts a longer page to the
  // limit; cut here too), their records fetched DETAIL_CONCURRENCY at a time.
  const rows = page.rows.slice(0, SEARCH_PAGE_SIZE);
  const queue = new PQueue({ concurrency: DETAIL_CONCURRENCY });
  const hits = await Promise.all(
    rows.map((row) =>
      queue.add(
        async (): Promise<SourceHit> => {
          try {
            return { row, detail: await record(row.id, signal) };
          } catch {
            // the list row still says enough to be useful
            return { row, detail: null };
          }
        },
        { throwOnTimeout: true },
      ),
    ),
  );
  return { hits, next: page.done ? null : page.lastValue };
}
