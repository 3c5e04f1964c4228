/**
 * Sites derived from GET /data-sources rows (the contract has no site endpoint), cached ~5 minutes in the
 * store so replicas share one listing. A site's time zone comes from one of its sources' full record
 * (`tzTimezoneName`), since list rows do not promise it.
 *
 * A pure cache: every listing is written whole, read with the scope's own key, so of two replicas listing at once
 * either may win. Only `forget` (the person connected another key, or none) must not be undone by a listing read
 * before it: it leaves a mark in the store, and a listing begun before that mark is not kept (issue 35).
 */
import PQueue from 'p-queue';
import type { Clock } from '../base/deps.ts';
import type { Logger } from '../base/log.ts';
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
  /** Set on a forgotten scope's mark: when it was forgotten. */
  forgotten?: number;
}

/** A listing that may answer (a forgotten scope's mark never does). */
const listing = (c: Cached | undefined) => (c?.forgotten === undefined ? c : undefined);

/** Whether a listing begun at `startedAt` may replace `stored`: not when the scope was forgotten since. */
const mayReplace = (stored: Cached | undefined, startedAt: number) =>
  stored?.forgotten === undefined || stored.forgotten < startedAt;

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
    const startedAt = deps.clock.now();
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
    // Assigned on every run of the change (it may be tried again after another writer's).
    let kept = false;
    await store.update<Cached>(
      `${KEY}:${scope}`,
      (stored) => {
        kept = mayReplace(stored, startedAt);
        return kept ? cached : stored;
      },
      SITES_TTL_MS,
    );
    // Forgotten while it was read: this caller asked before, the next one reads again.
    if (kept && mayReplace(memory.get(scope), startedAt)) remember(scope, cached);
    return sites;
  }

  /** One listing at a time per scope and process: concurrent requests wait for the same pages. */
  function loadOnce(scope: string, signal?: AbortSignal): Promise<SiteInfo[]> {
    let loading = pending.get(scope);
    if (!loading) {
      const started = load(scope, signal).finally(() => {
        if (pending.get(scope) === started) pending.delete(scope);
      });
      pending.set(scope, (loading = started));
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
      const mark: Cached = { at: 0, sites: [], forgotten: deps.clock.now() };
      // The mark answers nothing and keeps out listings begun before it, here and on other replicas.
      remember(scope, mark);
      pending.delete(scope);
      void store.set(`${KEY}:${scope}`, mark, SITES_STALE_MS).catch(() => undefined);
    },
    async sites(signal) {
      const scope = deps.scope();
      const now = deps.clock.now();
      const held = memory.get(scope);
      const mine = listing(held);
      if (mine && now - mine.at < SITES_TTL_MS) return mine.sites;
      // A listing written before this process forgot the scope is not answered (its mark may still be on its way).
      const stored = listing(await store.get<Cached>(`${KEY}:${scope}`));
      const shared = stored && mayReplace(held, stored.at) ? stored : undefined;
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
