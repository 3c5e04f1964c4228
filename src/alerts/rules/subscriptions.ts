/**
 * Subscription changes behind /monitor: resolves site names through the directory, merges with what the
 * channel has, and stores the result per channel. Returns what happened for the renderer; never talks to Slack.
 */
import type { Directory, SiteInfo } from '../../directory/types.ts';
import type { ChannelSubscriptions } from './model.ts';
import type { MonitorCommand } from './monitor-parse.ts';
import type { RelayStore } from '../engine/relay-store.ts';

export type SiteProblem =
  { kind: 'none'; text: string; known: string[] } | { kind: 'many'; text: string; matches: string[] };

export type SubscriptionOutcome =
  | { kind: 'saved'; sub: ChannelSubscriptions; previous: ChannelSubscriptions | undefined }
  | { kind: 'site-problems'; problems: SiteProblem[] }
  | { kind: 'nothing-to-remove'; sub: ChannelSubscriptions | undefined };

export function emptySubscriptions(channel: string): ChannelSubscriptions {
  return { channel, alerts: null, tasks: null };
}

export async function resolveSites(directory: Pick<Directory, 'resolveSite' | 'sites'>, names: string[]) {
  const sites: SiteInfo[] = [];
  const problems: SiteProblem[] = [];
  for (const text of names) {
    const match = await directory.resolveSite(text);
    if (match.kind === 'one') sites.push(match.site);
    else if (match.kind === 'many')
      problems.push({ kind: 'many', text, matches: match.sites.map((s) => s.name) });
    else problems.push({ kind: 'none', text, known: (await directory.sites()).map((s) => s.name) });
  }
  return { sites, problems };
}

function merge(
  prev: { siteIds: string[] | null; siteNames: string[] } | null,
  sites: SiteInfo[],
): { siteIds: string[] | null; siteNames: string[] } {
  // No site named: every site. Naming sites adds them to a site list (or narrows "every site" to them).
  if (sites.length === 0) return { siteIds: null, siteNames: [] };
  const byId = new Map<string, string>();
  if (prev?.siteIds) prev.siteIds.forEach((id, i) => byId.set(id, prev.siteNames[i] ?? id));
  for (const s of sites) byId.set(s.id, s.name);
  return { siteIds: [...byId.keys()], siteNames: [...byId.values()] };
}

function without(part: { siteIds: string[] | null; siteNames: string[] }, ids: Set<string>) {
  // "Every site" has no list to take a site out of: it stays as it is (the reply shows it).
  if (part.siteIds === null) return part;
  const keep = part.siteIds
    .map((id, i) => [id, part.siteNames[i] ?? id] as const)
    .filter(([id]) => !ids.has(id));
  return keep.length === 0 ? null : { siteIds: keep.map(([id]) => id), siteNames: keep.map(([, n]) => n) };
}

export async function changeSubscription(
  deps: { rs: RelayStore; directory: Pick<Directory, 'resolveSite' | 'sites'>; now: number },
  channel: string,
  cmd: Extract<MonitorCommand, { kind: 'subscribe' | 'unsubscribe' }>,
): Promise<SubscriptionOutcome> {
  const previous = await deps.rs.subscriptions(channel);
  const current = previous ?? emptySubscriptions(channel);
  const { sites, problems } = await resolveSites(deps.directory, cmd.sites);
  if (problems.length > 0) return { kind: 'site-problems', problems };
  let next: ChannelSubscriptions;
  if (cmd.kind === 'subscribe' && cmd.topic === 'alerts') {
    const where = merge(current.alerts, sites);
    next = {
      ...current,
      alerts: {
        ...where,
        minSeverity: cmd.severity ?? current.alerts?.minSeverity ?? 'warning',
        since: deps.now,
      },
    };
  } else if (cmd.kind === 'subscribe') {
    const where = merge(current.tasks, sites);
    const minPriority = cmd.priority ?? current.tasks?.minPriority ?? null;
    // A changed task subscription records its first cycle silently again (no flood of old tasks).
    next = { ...current, tasks: { ...where, minPriority, since: deps.now, primed: false } };
  } else {
    const topics = cmd.topic === 'all' ? (['alerts', 'tasks'] as const) : [cmd.topic];
    if (topics.every((t) => current[t] === null)) return { kind: 'nothing-to-remove', sub: previous };
    next = { ...current };
    const ids = new Set(sites.map((s) => s.id));
    for (const t of topics) {
      const part = current[t];
      if (part === null) continue;
      if (sites.length === 0) next = { ...next, [t]: null };
      else {
        const left = without(part, ids);
        next = { ...next, [t]: left === null ? null : { ...part, ...left } };
      }
    }
  }
  await deps.rs.saveSubscriptions(next);
  return { kind: 'saved', sub: next, previous };
}

/**
 * Subscribes a channel to every site without Slack or the directory (local mode seeds its demo channels
 * with this). Task subscriptions start unprimed: their first cycle records silently.
 */
export async function subscribeEverySite(
  rs: RelayStore,
  channel: string,
  topics: { alerts?: boolean; tasks?: boolean },
  now: number,
): Promise<ChannelSubscriptions> {
  const current = (await rs.subscriptions(channel)) ?? emptySubscriptions(channel);
  const next: ChannelSubscriptions = {
    ...current,
    ...(topics.alerts
      ? { alerts: { siteIds: null, siteNames: [], minSeverity: 'warning' as const, since: now } }
      : {}),
    ...(topics.tasks
      ? { tasks: { siteIds: null, siteNames: [], minPriority: null, since: now, primed: false } }
      : {}),
  };
  await rs.saveSubscriptions(next);
  return next;
}
