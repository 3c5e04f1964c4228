/**
 * The platform channels a post can go to: the feed channels of the sites and data sources the key can see
 * (GET /data-sources rows carry `site.channelId` and `channelId`). Cached briefly in the store so the channel
 * picker answers Slack's option requests fast; a store outage only costs a fresh fetch.
 */
import type { BaseDeps } from '../../base/deps.ts';
import type { DataSourceRow } from '../../monitoring/api.ts';

export interface PostChannel {
  channelId: string;
  /** What the picker shows: the site, or the data source and its site. */
  label: string;
  siteId: string;
  /** Set for a data source's own channel. */
  dataSourceId?: string;
}

export const CHANNEL_CACHE_TTL_MS = 2 * 60 * 1000;
/** More than any picker can show; bounds the cached value on very large installations. */
const MAX_CHANNELS = 5000;
const PAGE_LIMIT = 200;

export interface PostChannelDirectory {
  list(signal?: AbortSignal): Promise<PostChannel[]>;
  /** The channel with this id, when the key can see it. */
  find(channelId: string, signal?: AbortSignal): Promise<PostChannel | undefined>;
}

/** Pure: channel list from data-source rows — sites first (by name), then data sources; each channel once. */
export function channelsFromRows(rows: Iterable<DataSourceRow>): PostChannel[] {
  const sites = new Map<string, PostChannel>();
  const sources = new Map<string, PostChannel>();
  for (const row of rows) {
    const siteName = row.site.name ?? `site ${row.site.id}`;
    if (row.site.channelId && !sites.has(row.site.channelId)) {
      sites.set(row.site.channelId, {
        channelId: row.site.channelId,
        label: `${siteName} (site feed)`,
        siteId: row.site.id,
      });
    }
    if (row.channelId && !sources.has(row.channelId)) {
      sources.set(row.channelId, {
        channelId: row.channelId,
        label: `${row.name} · ${siteName}`,
        siteId: row.site.id,
        dataSourceId: row.id,
      });
    }
  }
  const byLabel = (a: PostChannel, b: PostChannel) => a.label.localeCompare(b.label);
  const siteList = [...sites.values()].sort(byLabel);
  const sourceList = [...sources.values()].filter((c) => !sites.has(c.channelId)).sort(byLabel);
  return [...siteList, ...sourceList].slice(0, MAX_CHANNELS);
}

/** Pure: channels whose label contains every word of the query (case-insensitive), at most `max`. */
export function filterChannels(channels: readonly PostChannel[], query: string, max = 100): PostChannel[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const out: PostChannel[] = [];
  for (const channel of channels) {
    const label = channel.label.toLowerCase();
    if (words.every((w) => label.includes(w))) out.push(channel);
    if (out.length >= max) break;
  }
  return out;
}

export function createPostChannelDirectory(deps: BaseDeps): PostChannelDirectory {
  const cache = deps.store.namespace('post-channels');
  // Per scope: each person's key sees its own channels (contract: Authentication rule 3).
  const inFlight = new Map<string, Promise<PostChannel[]>>();

  const fetchAll = async (signal?: AbortSignal): Promise<PostChannel[]> => {
    const rows: DataSourceRow[] = [];
    for await (const row of deps.monitoring.dataSources.list({ limit: PAGE_LIMIT }, signal)) rows.push(row);
    return channelsFromRows(rows);
  };

  const list = async (signal?: AbortSignal): Promise<PostChannel[]> => {
    const scope = deps.scope();
    const cached = await cache.get<PostChannel[]>(scope).catch(() => undefined);
    if (cached) return cached;
    // Concurrent pickers of the same person share one fetch.
    let pending = inFlight.get(scope);
    if (!pending) {
      pending = fetchAll(signal).finally(() => inFlight.delete(scope));
      inFlight.set(scope, pending);
    }
    const channels = await pending;
    await cache.set(scope, channels, CHANNEL_CACHE_TTL_MS).catch((err: unknown) => {
      deps.log.debug({ err }, 'post channel cache not written');
    });
    return channels;
  };

  return {
    list,
    find: async (channelId, signal) => (await list(signal)).find((c) => c.channelId === channelId),
  };
}
