/**
 * Full data source records, kept briefly per acting scope: the same search or report asked again within
 * RECORD_TTL_MS (paging back and forth, a team looking at the same pumps) reuses them instead of one
 * GET /data-sources/{id} per source. What can go stale is only what the record adds to a fresh answer: activity
 * status and inactive threshold beside /source's fresh list rows; name, zone and schema under /reading's fresh
 * pages. Whoever shows the record's latest reading reads it fresh (see sources-service.ts).
 *
 * contract: Authentication rule 3 — "a valid key resolves to a user context"; what it may read is that context's.
 * So a record is stored under the scope whose key fetched it and never answered to another scope.
 */
import type { DataSource } from '../../monitoring/api.ts';
import { RecentCache } from '../rules/recent-cache.ts';

export const RECORD_TTL_MS = 60_000;
/** Records in memory at most (all scopes and forms together): a few MB. */
export const RECORD_MAX = 500;

/** Which form of the record: `plain` as /source lists it, `schema` with its schema and latest reading. */
export type RecordForm = 'plain' | 'schema';

export interface SourceRecords {
  /** The record of `id` as the acting scope sees it: remembered, or fetched with `fetch` and remembered. */
  get(id: string, form: RecordForm, fetch: () => Promise<DataSource>): Promise<DataSource>;
  /** The remembered record, without fetching. */
  peek(id: string, form: RecordForm): DataSource | undefined;
  /** Remembers a record fetched by the acting scope (a fresh read replaces what was kept). */
  put(id: string, form: RecordForm, record: DataSource): void;
  /** Drops every scope's copies of `id` (after fieldline wrote to it: its activity may have changed). */
  forget(id: string): void;
}

const keyOf = (id: string, form: RecordForm, scope: string) => JSON.stringify([id, form, scope]);
// '["<id>",' : JSON strings are prefix-free, so this matches the keys of this id and of no other
const prefixOf = (id: string) => `${JSON.stringify([id]).slice(0, -1)},`;

export function createSourceRecords(scope: () => string, now: () => number): SourceRecords {
  const cache = new RecentCache<DataSource>({ max: RECORD_MAX, ttlMs: RECORD_TTL_MS, now });
  return {
    async get(id, form, fetch) {
      // the scope is read before the call: the record is kept under the scope whose key fetched it
      const key = keyOf(id, form, scope());
      const known = cache.get(key);
      if (known) return known;
      const record = await fetch();
      cache.set(key, record);
      return record;
    },
    peek: (id, form) => cache.get(keyOf(id, form, scope())),
    put: (id, form, record) => cache.set(keyOf(id, form, scope()), record),
    forget(id) {
      const prefix = prefixOf(id);
      cache.forget((key) => key.startsWith(prefix));
    },
  };
}
