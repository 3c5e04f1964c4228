/**
 * The sites a /monitor admin's own platform key sees (issue 37), read before their change with their key (the
 * directory lists the acting person's sites), so that the change, applied inside the store's atomic update, keeps
 * what belongs to other sites. Shared mode has no limit: everyone acts with the one shared key.
 */
import type { Deps } from '../../base/deps.ts';
import type { SiteInfo } from '../../directory/types.ts';
import type { AlertStore } from '../engine/alert-store.ts';
import { NAMED_SITES, type KeptSite } from '../render/kept-reply.ts';
import type { SiteLimit, SiteList } from '../rules/admin-sites.ts';

export interface AdminSites {
  limit: SiteLimit;
  /** The admin's own sites, as the directory lists them for their key; null in shared mode. */
  own: SiteInfo[] | null;
}

export async function adminSites(
  deps: Pick<Deps, 'config' | 'directory'>,
  rs: AlertStore,
): Promise<AdminSites> {
  if (deps.config.access.mode !== 'linked') return { limit: null, own: null };
  // Asked with the admin's own key: one who never connected is asked to connect (the one error path).
  const own = await deps.directory.sites();
  const known = Object.keys(await rs.zones());
  return { limit: { visible: new Set(own.map((s) => s.id)), known }, own };
}

/** Names of kept sites: from the lists that held them, else what the relay last saw of the site. */
export async function nameKept(
  rs: AlertStore,
  ids: readonly string[],
  lists: (SiteList | null | undefined)[],
): Promise<KeptSite[]> {
  const names = new Map<string, string>();
  for (const list of lists)
    list?.siteIds?.forEach((id, i) => {
      const name = list.siteNames[i];
      if (name && !names.has(id)) names.set(id, name);
    });
  const out: KeptSite[] = [];
  for (const [i, id] of ids.entries()) {
    // Only the first few are named in the reply: the others need no read.
    const seen = i < NAMED_SITES && !names.has(id) ? (await rs.siteHealth(id))?.siteName : undefined;
    out.push({ id, name: names.get(id) ?? seen ?? `site ${id}` });
  }
  return out;
}
