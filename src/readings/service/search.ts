/**
 * /source search: one page of GET /data-sources (textSearch), each row enriched with its full record so the
 * list can show activity status and silence against `inactiveThreshold` (list rows carry neither).
 */
import type { DataSource, DataSourceRow, MonitoringApi } from '../../monitoring/api.ts';

export const SEARCH_PAGE_SIZE = 8;

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

export async function searchSources(
  monitoring: MonitoringApi,
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
  // one small page, so its records are fetched side by side (at most SEARCH_PAGE_SIZE calls)
  const hits = await Promise.all(
    page.rows.map(async (row): Promise<SourceHit> => {
      try {
        return { row, detail: await monitoring.dataSources.get(row.id, {}, signal) };
      } catch {
        // the list row still says enough to be useful
        return { row, detail: null };
      }
    }),
  );
  return { hits, next: page.done ? null : page.lastValue };
}
