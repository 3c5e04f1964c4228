/**
 * Full data source records behind /source's list, kept briefly per acting scope: the same search asked again within
 * RECORD_TTL_MS (paging back and forth, a team looking at the same pumps) reuses them instead of one
 * GET /data-sources/{id} per hit. What goes stale is only what the list row lacks (activity status, inactive
 * threshold); the row itself, with its latest reading, is fetched fresh every time.
 *
 * contract: Authentication rule 3 — "a valid key resolves to a user context"; what it may read is that context's.
 * So a record is stored under the scope whose key fetched it and never answered to another scope.
 */
import type { DataSource } from '../../monitoring/api.ts';
import { RecentCache } from '../rules/recent-cache.ts';

export const RECORD_TTL_MS = 60_000;
/** Records in memory at most (all scopes together): a few MB. */
export const RECORD_MAX = 500;

export interface SourceRecords {
  /** The record of `id` as the acting scope sees it: remembered, or fetched with `fetch` and remembered. */
  get(id: string, fetch: () => Promise<DataSource>): Promise<DataSource>;
  /** Drops every scope's copy of `id` (after fieldline wrote to it: its activity may have changed). */
  forget(id: string): void;
}

const keyOf = (id: string, scope: string) => JSON.stringify([id, scope]);
// '["<id>",' : JSON strings are prefix-free, so this matches the keys of this id and of no other
const prefixOf = (id: string) => `${JSON.stringify([id]).slice(0, -1)},`;

export function createSourceRecords(scope: () => string, now: () => number): SourceRecords {
  const cache = new RecentCache<DataSource>({ max: RECORD_MAX, ttlMs: RECORD_TTL_MS, now });
  return {
    async get(id, fetch) {
      // the scope is read before the call: the record is kept under the scope whose key fetched it
      const key = keyOf(id, scope());
      const known = cache.get(key);
      if (known) return known;
      const record = await fetch();
      cache.set(key, record);
      return record;
    },
    forget(id) {
      const prefix = prefixOf(id);
      cache.forget((key) => key.startsWith(prefix));
    },
  };
}
