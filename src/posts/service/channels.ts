/**
 * The platform channels a post can go to: the feed channels of the sites and data sources the key can see
 * (GET /data-sources rows carry `site.channelId` and `channelId`, "channel carrying the feed"; contract: POST /post
 * takes any `toChannelId`). A data source whose feed is its site's is found by its own name too, saying so. Cached
 * briefly in the store so the channel picker answers Slack's option requests fast; a store outage only costs a
 * fresh fetch.
 */
import type { BaseDeps } from '../../base/deps.ts';
import type { DataSourceRow } from '../../monitoring/api.ts';
import { feedOptionValue } from '../rules/feed-option.ts';

export interface PostChannel {
  channelId: string;
  /** What the picker shows: the site, or the data source and its site. */
  label: string;
  siteId: string;
  /** Set for a data source's own channel, or a data source found by name whose feed is another's. */
  dataSourceId?: string;
  /** The picker option's value when it is not the channel id (options of one picker need distinct values). */
  value?: string;
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

/**
 * Pure: channel list from data-source rows — sites first (by name), then data sources with a feed of their own
 * (each channel once), then data sources whose feed is another one's, labelled with the feed they post to.
 */
export function channelsFromRows(rows: Iterable<DataSourceRow>): PostChannel[] {
  const sites = new Map<string, PostChannel>();
  const sources = new Map<string, PostChannel>();
  const sharing: PostChannel[] = [];
  const all: DataSourceRow[] = [];
  for (const row of rows) {
    all.push(row);
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
  const sourceList = [...sources.values()].filter((c) => !sites.has(c.channelId));
  const own = new Set(sourceList.map((c) => c.dataSourceId));
  for (const row of all) {
    // The feed a data source posts to (its own channel, else its site's), named after the source.
    const channelId = row.channelId ?? row.site.channelId;
    const feed = channelId ? sites.get(channelId) : undefined;
    if (!channelId || !feed || own.has(row.id)) continue;
    sharing.push({
      channelId,
      label: `${row.name} — in the ${feed.label.replace(/ \(site feed\)$/, '')} site feed`,
      siteId: row.site.id,
      dataSourceId: row.id,
      value: feedOptionValue(channelId, row.id),
    });
  }
  const byLabel = (a: PostChannel, b: PostChannel) => a.label.localeCompare(b.label);
  return [...[...sites.values()].sort(byLabel), ...sourceList.sort(byLabel), ...sharing.sort(byLabel)].slice(
    0,
    MAX_CHANNELS,
  );
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
