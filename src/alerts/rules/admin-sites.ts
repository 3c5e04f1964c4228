/**
 * What an admin's change of a channel's configuration may touch (issue 37): only the sites their own platform key
 * sees. The limit is computed before the change (it asks the platform, with their key), then applied inside the
 * store's atomic update of the subscriptions or digest settings; what it keeps is reported back to the admin.
 */

/** null: no limit (shared mode: everyone acts with the one shared key, the relay's view too). */
export type SiteLimit = {
  /** The sites the admin's own key sees (the directory's list, read with their key). */
  visible: ReadonlySet<string>;
  /** Every site the relay knows: what "every site" covers. */
  known: readonly string[];
} | null;

export interface SiteList {
  siteIds: string[] | null;
  siteNames: string[];
}

/**
 * The sites of `list` the admin does not see. "Every site" covers every site the relay knows (it polls every site
 * for such a list, so a site it does not know yet has nothing to keep).
 */
export function hiddenOf(limit: SiteLimit, list: SiteList | null | undefined): string[] {
  if (!limit || !list) return [];
  return (list.siteIds ?? limit.known).filter((id) => !limit.visible.has(id));
}

/** `list` reduced to the sites in `keep` (names kept alongside their ids). */
export function keepOnly<T extends SiteList>(list: T, keep: ReadonlySet<string>): T {
  if (list.siteIds === null) return list;
  const pairs = list.siteIds
    .map((id, i) => [id, list.siteNames[i] ?? id] as const)
    .filter(([id]) => keep.has(id));
  return { ...list, siteIds: pairs.map(([id]) => id), siteNames: pairs.map(([, name]) => name) };
}

/** What a limited admin's change kept of the channel's configuration. */
export interface Kept {
  /** Sites whose subscription or digest the change left as it was. */
  sites: string[];
  /** A channel-wide filter left as it was because it also applies to those sites. */
  filter: 'severity' | 'priority' | null;
}

export const NOTHING_KEPT: Kept = { sites: [], filter: null };

/**
 * The sites of a channel's digest the admin does not see: its own list, or (a digest of "the sites subscribed
 * here") those of the channel's subscriptions — every site the relay knows without any, as `digestSites` reads it.
 */
export function hiddenOfDigest(
  limit: SiteLimit,
  digest: SiteList | undefined,
  sub: { alerts: SiteList | null; tasks: SiteList | null } | undefined,
): string[] {
  if (!limit || !digest) return [];
  if (digest.siteIds !== null) return hiddenOf(limit, digest);
  const parts = [sub?.alerts, sub?.tasks].filter((p): p is SiteList => p !== null && p !== undefined);
  if (parts.length === 0 || parts.some((p) => p.siteIds === null))
    return hiddenOf(limit, { siteIds: null, siteNames: [] });
  return [...new Set(parts.flatMap((p) => hiddenOf(limit, p)))];
}
