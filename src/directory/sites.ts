/**
 * Sites derived from GET /data-sources rows (the contract has no site endpoint), cached ~5 minutes in the
 * store so replicas share one listing. A site's time zone comes from one of its sources' full record
 * (`tzTimezoneName`), since list rows do not promise it.
 */
import PQueue from 'p-queue';
import type { Clock } from '../deps.ts';
import type { Logger } from '../log.ts';
import type { DataSourceRow, MonitoringApi } from '../monitoring/api.ts';
import type { Store } from '../store/store.ts';
import type { SiteInfo } from './types.ts';

/** Record fetches in flight at once when site time zones are looked up. */
const ZONE_LOOKUP_CONCURRENCY = 4;

export const SITES_TTL_MS = 5 * 60_000;
/** Past SITES_TTL_MS a listing is read again; until this age the old one answers meanwhile. */
export const SITES_STALE_MS = 60 * 60_000;
const KEY = 'sites';

interface Cached {
  at: number;
  sites: SiteInfo[];
}

export interface SiteCatalog {
  sites(signal?: AbortSignal): Promise<SiteInfo[]>;
  forget(scope: string): void;
}

function rowTimeZone(row: DataSourceRow): string | null {
  // Rows may carry more than the table lists ("clients read defensively"); use it when it is there.
  const tz = row['tzTimezoneName'];
  return typeof tz === 'string' && tz !== '' ? tz : null;
}

/** Pure: one SiteInfo per distinct site id, the name/channel of the first row that gives them. */
export function sitesFromRows(rows: Iterable<DataSourceRow>): {
  sites: SiteInfo[];
  sampleSource: Map<string, string>;
} {
  const byId = new Map<string, SiteInfo>();
  const sampleSource = new Map<string, string>();
  const sharedSample = new Set<string>();
  for (const row of rows) {
    const ref = row.site;
    const known = byId.get(ref.id);
    const site: SiteInfo = known ?? {
      id: ref.id,
      name: ref.name ?? `Site ${ref.id}`,
      channelId: null,
      timeZone: null,
    };
    if (ref.name && site.name === `Site ${ref.id}`) site.name = ref.name;
    site.channelId ??= ref.channelId;
    site.timeZone ??= rowTimeZone(row);
    byId.set(ref.id, site);
    // A shared source may live elsewhere; prefer the site's own sources for its time zone.
    if (!sampleSource.has(ref.id) || (!row.isShared && sharedSample.has(ref.id))) {
      sampleSource.set(ref.id, row.id);
      if (row.isShared) sharedSample.add(ref.id);
      else sharedSample.delete(ref.id);
    }
  }
  // A site seen only through a shared source ("shared with other sites") is not one of the key's sites: the key
  // may read that source but not write there, create tasks there or see its other sources.
  const own = [...byId.values()].filter((s) => !sharedSample.has(s.id));
  const sites = own.sort((a, b) => a.name.localeCompare(b.name));
  return { sites, sampleSource };
}

/** How many people's site lists one process keeps in memory (the store keeps the rest). */
const MEMORY_SCOPES = 500;

export function createSiteCatalog(deps: {
  monitoring: MonitoringApi;
  store: Store;
  clock: Clock;
  log: Logger;
  /**
   * Whose view of the platform this is: each key sees its own sites (contract: Authentication rule 3), so each
   * scope (the acting person, or the relay) has its own cached list and never reads another's.
   */
  scope: () => string;
}): SiteCatalog {
  const store = deps.store.namespace('directory');
  const memory = new Map<string, Cached>();
  const pending = new Map<string, Promise<SiteInfo[]>>();

  async function load(scope: string, signal?: AbortSignal): Promise<SiteInfo[]> {
    const rows: DataSourceRow[] = [];
    for await (const row of deps.monitoring.dataSources.list({}, signal)) rows.push(row);
    const { sites, sampleSource } = sitesFromRows(rows);
    // one record per site without a zone: as many sites as the platform lists, so a few at a time
    const queue = new PQueue({ concurrency: ZONE_LOOKUP_CONCURRENCY });
    await Promise.all(
      sites
        .filter((s) => s.timeZone === null)
        .map((site) =>
          queue.add(async () => {
            const sourceId = sampleSource.get(site.id);
            if (!sourceId) return;
            try {
              site.timeZone = (await deps.monitoring.dataSources.get(sourceId, {}, signal)).tzTimezoneName;
            } catch (err) {
              deps.log.warn({ err, siteId: site.id }, 'site time zone unavailable');
            }
          }),
        ),
    );
    const cached: Cached = { at: deps.clock.now(), sites };
    remember(scope, cached);
    await store.set(`${KEY}:${scope}`, cached, SITES_TTL_MS);
    return sites;
  }

  /** One listing at a time per scope and process: concurrent requests wait for the same pages. */
  function loadOnce(scope: string, signal?: AbortSignal): Promise<SiteInfo[]> {
    let loading = pending.get(scope);
    if (!loading) {
      loading = load(scope, signal).finally(() => pending.delete(scope));
      pending.set(scope, loading);
    }
    return loading;
  }

  function remember(scope: string, cached: Cached): void {
    memory.delete(scope);
    memory.set(scope, cached);
    if (memory.size > MEMORY_SCOPES) memory.delete(memory.keys().next().value ?? scope);
  }

  return {
    forget(scope) {
      memory.delete(scope);
      void store.delete(`${KEY}:${scope}`).catch(() => undefined);
    },
    async sites(signal) {
      const scope = deps.scope();
      const now = deps.clock.now();
      const mine = memory.get(scope);
      if (mine && now - mine.at < SITES_TTL_MS) return mine.sites;
      const shared = await store.get<Cached>(`${KEY}:${scope}`);
      if (shared && now - shared.at < SITES_TTL_MS) {
        remember(scope, shared);
        return shared.sites;
      }
      // Known, only old: answered at once while the listing is read again behind it (a site list changes
      // rarely, and the platform decides every write anyway). Typeahead and a submission's check before its ack
      // must not wait for a listing of many pages on a slow platform (issue 18: 1.2 s acks at p99).
      const known = [mine, shared].find((c) => c !== undefined && now - c.at < SITES_STALE_MS);
      if (known) {
        loadOnce(scope).catch((err: unknown) => deps.log.warn({ err }, 'site listing refresh failed'));
        return known.sites;
      }
      return loadOnce(scope, signal);
    },
  };
}
