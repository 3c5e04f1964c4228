/**
 * What an upload can be filed under: the sites and data sources the key can see (GET /data-sources rows),
 * cached briefly in the store for the picker. Values are `site:<id>` or `ds:<id>`.
 */
import type { BaseDeps } from '../../base/deps.ts';

/** Where the person chose to upload to: a site, or a data source (whose record names the company). */
export interface TargetChoice {
  siteId?: string;
  dataSourceId?: string;
}

export interface UploadTargetOption {
  value: string;
  label: string;
}

const TTL_MS = 2 * 60 * 1000;
const MAX_TARGETS = 5000;

export function targetChoiceOf(value: string | null | undefined): TargetChoice | null {
  const match = /^(site|ds):(.+)$/.exec(value ?? '');
  if (!match?.[2]) return null;
  return match[1] === 'site' ? { siteId: match[2] } : { dataSourceId: match[2] };
}

export async function listUploadTargets(deps: BaseDeps, signal?: AbortSignal): Promise<UploadTargetOption[]> {
  const cache = deps.store.namespace('file-targets');
  // Per scope: each person's key sees its own sites and sources (contract: Authentication rule 3).
  const scope = deps.scope();
  const cached = await cache.get<UploadTargetOption[]>(scope).catch(() => undefined);
  if (cached) return cached;
  const sites = new Map<string, UploadTargetOption>();
  const sources: UploadTargetOption[] = [];
  for await (const row of deps.monitoring.dataSources.list({ limit: 200 }, signal)) {
    const siteName = row.site.name ?? `site ${row.site.id}`;
    // A source "shared with other sites" may be read, not written: its site is not one of the key's sites.
    if (!row.isShared && !sites.has(row.site.id))
      sites.set(row.site.id, { value: `site:${row.site.id}`, label: `${siteName} (site)` });
    if (sources.length < MAX_TARGETS)
      sources.push({ value: `ds:${row.id}`, label: `${row.name} · ${siteName}` });
  }
  const byLabel = (a: UploadTargetOption, b: UploadTargetOption) => a.label.localeCompare(b.label);
  const all = [...[...sites.values()].sort(byLabel), ...sources.sort(byLabel)].slice(0, MAX_TARGETS);
  await cache
    .set(scope, all, TTL_MS)
    .catch((err: unknown) => deps.log.debug({ err }, 'upload target cache not written'));
  return all;
}

export function filterTargets(
  targets: readonly UploadTargetOption[],
  query: string,
  max = 100,
): UploadTargetOption[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  return targets.filter((t) => words.every((w) => t.label.toLowerCase().includes(w))).slice(0, max);
}
