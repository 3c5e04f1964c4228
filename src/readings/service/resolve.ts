/** Turns what a user typed after /reading into one data source, a short list to choose from, or nothing. */
import type { DataSourceRow, MonitoringApi } from '../../monitoring/api.ts';

export type Resolution =
  | { kind: 'one'; row: Pick<DataSourceRow, 'id' | 'name'> }
  | { kind: 'many'; rows: DataSourceRow[] }
  | { kind: 'none' };

/** A source this scope read within the minute, by id (./source-records.ts). */
export type Remembered = (id: string) => Pick<DataSourceRow, 'id' | 'name'> | undefined;

export const MAX_CHOICES = 10;

export async function resolveSource(
  monitoring: MonitoringApi,
  query: string,
  remembered: Remembered,
  signal?: AbortSignal,
): Promise<Resolution> {
  const text = query.trim();
  if (text === '') return { kind: 'none' };
  if (/^\d+$/.test(text)) {
    // a record read with this scope's key within the minute proves the id, as the list would
    const known = remembered(text);
    if (known) return { kind: 'one', row: { id: known.id, name: known.name } };
    const byId = await monitoring.dataSources.listPage({ meterIds: [text], limit: 1 }, null, signal);
    const [row] = byId.rows;
    if (row) return { kind: 'one', row };
  }
  const page = await monitoring.dataSources.listPage({ textSearch: text, limit: 25 }, null, signal);
  const lower = text.toLowerCase();
  const exact = page.rows.filter((r) => r.name.toLowerCase() === lower);
  const [onlyExact] = exact;
  if (exact.length === 1 && onlyExact) return { kind: 'one', row: onlyExact };
  if (exact.length > 1) return { kind: 'many', rows: exact.slice(0, MAX_CHOICES) };
  const [only] = page.rows;
  if (page.rows.length === 1 && only) return { kind: 'one', row: only };
  if (page.rows.length === 0) return { kind: 'none' };
  return { kind: 'many', rows: page.rows.slice(0, MAX_CHOICES) };
}
