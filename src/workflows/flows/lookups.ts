/**
 * Names a workflow gives (a site, a data source, a metric, a feed) → the platform's records, as the acting
 * person's key sees them, with the features' own lookups. A name that matches nothing or several is a step error
 * saying which.
 */
import type { DataSource } from '../../monitoring/api.ts';
import type { SiteInfo } from '../../directory/index.ts';
import { metricCatalog, type MetricInfo } from '../../readings/index.ts';
import type { PostChannel } from '../../posts/index.ts';
import { inert } from '../rules/step-outputs.ts';
import type { StepDeps } from './step-run.ts';

export type Found<T> = { ok: true; value: T } | { ok: false; error: string };

const names = (list: readonly string[]) =>
  list
    .slice(0, 5)
    .map((n) => inert(n, 60))
    .join(', ');

export async function findSite(deps: Pick<StepDeps, 'directory'>, typed: string): Promise<Found<SiteInfo>> {
  const match = await deps.directory.resolveSite(typed);
  if (match.kind === 'one') return { ok: true, value: match.site };
  if (match.kind === 'many')
    return {
      ok: false,
      error: `Site: “${inert(typed, 60)}” matches several sites (${names(match.sites.map((s) => s.name))}) — give the full name.`,
    };
  return {
    ok: false,
    error: `Site: the acting person sees no site named “${inert(typed, 60)}” on the platform.`,
  };
}

export async function findSource(deps: Pick<StepDeps, 'sources'>, typed: string): Promise<Found<DataSource>> {
  const match = await deps.sources.resolve(typed);
  if (match.kind === 'one') return { ok: true, value: await deps.sources.load(match.row.id) };
  if (match.kind === 'many')
    return {
      ok: false,
      error: `Data source: “${inert(typed, 60)}” matches several (${names(match.rows.map((r) => r.name))}) — give the full name or the id.`,
    };
  return {
    ok: false,
    error: `Data source: the acting person sees no data source named “${inert(typed, 60)}”.`,
  };
}

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The metric by its name (or id) among the source's, with the last reading's columns when it has no schema. */
export function findMetric(source: DataSource, typed: string): Found<MetricInfo> {
  const catalog = metricCatalog(source, source.lastReading ? [source.lastReading] : []);
  const wanted = norm(typed);
  const hit =
    catalog.find((m) => m.metricId === typed.trim()) ??
    catalog.find((m) => norm(m.label) === wanted) ??
    (() => {
      const some = catalog.filter((m) => norm(m.label).startsWith(wanted));
      return some.length === 1 ? some[0] : undefined;
    })();
  if (hit) return { ok: true, value: hit };
  const known = catalog.map((m) => m.label);
  return {
    ok: false,
    error: `Metric: ${inert(source.name, 80)} has no metric “${inert(typed, 60)}”${known.length > 0 ? ` (it has ${names(known)})` : ''}.`,
  };
}

/** A feed by its id, or by its site's or data source's name (the post modal's picker lists the same). */
export async function findFeed(deps: Pick<StepDeps, 'posts'>, typed: string): Promise<Found<PostChannel>> {
  const feeds = await deps.posts.channels.list();
  const wanted = norm(typed);
  const label = (c: PostChannel) => norm(c.label.replace(/ \(site feed\)$/, '').split(' · ')[0] ?? '');
  const byId = feeds.find((c) => c.channelId === typed.trim());
  const exact = feeds.filter((c) => label(c) === wanted);
  const some = exact.length > 0 ? exact : feeds.filter((c) => label(c).startsWith(wanted));
  const found = byId ?? (new Set(some.map((c) => c.channelId)).size === 1 ? some[0] : undefined);
  if (found) return { ok: true, value: found };
  if (some.length > 1)
    return {
      ok: false,
      error: `Site or feed: “${inert(typed, 60)}” matches several feeds (${names(some.map((c) => c.label))}) — give the full name.`,
    };
  return {
    ok: false,
    error: `Site or feed: the acting person sees no feed named “${inert(typed, 60)}”.`,
  };
}
