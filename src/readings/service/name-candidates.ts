/**
 * The data source names a "did you mean" is chosen from (../rules/near-names.ts), read with the person's own key
 * after what they typed matched nothing: a search per longer word typed (a slip in one word leaves the others to
 * find it) and the first page of every source they see. Bounded: at most MAX_WORD_SEARCHES + 1 platform calls,
 * made at once; a failed one only narrows the choice.
 */
import type { DataSourceRow, MonitoringApi } from '../../monitoring/api.ts';

export const MAX_WORD_SEARCHES = 3;
const WORD_LIMIT = 25;
const LIST_LIMIT = 100;

export type NameCandidate = Pick<DataSourceRow, 'id' | 'name'>;

/** The longest distinct words of `typed` worth a search (3 characters or more), longest first. */
export function searchWords(typed: string, max = MAX_WORD_SEARCHES): string[] {
  const words = new Set(
    typed
      .toLowerCase()
      .split(/\s+/)
      .filter((w) => Array.from(w).length >= 3),
  );
  return [...words].sort((a, b) => b.length - a.length || a.localeCompare(b)).slice(0, max);
}

export async function nameCandidates(
  monitoring: MonitoringApi,
  typed: string,
  signal?: AbortSignal,
): Promise<NameCandidate[]> {
  const pages = await Promise.allSettled([
    ...searchWords(typed).map((w) =>
      monitoring.dataSources.listPage({ textSearch: w, limit: WORD_LIMIT }, null, signal),
    ),
    monitoring.dataSources.listPage({ limit: LIST_LIMIT }, null, signal),
  ]);
  const byId = new Map<string, NameCandidate>();
  for (const page of pages) {
    if (page.status !== 'fulfilled') continue;
    for (const row of page.value.rows) byId.set(row.id, { id: row.id, name: row.name });
  }
  return [...byId.values()];
}
