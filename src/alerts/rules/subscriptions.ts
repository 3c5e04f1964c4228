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

/** What `cmd` makes of the channel's `current` subscriptions (pure); null when there is nothing to remove. */
function applyChange(
  current: ChannelSubscriptions,
  cmd: ChangeCommand,
  sites: SiteInfo[],
  now: number,
): ChannelSubscriptions | null {
  if (cmd.kind === 'subscribe' && cmd.topic === 'alerts') {
    const where = merge(current.alerts, sites);
    const minSeverity = cmd.severity ?? current.alerts?.minSeverity ?? 'warning';
    return { ...current, alerts: { ...where, minSeverity, since: now } };
  }
  if (cmd.kind === 'subscribe') {
    const where = merge(current.tasks, sites);
    const minPriority = cmd.priority ?? current.tasks?.minPriority ?? null;
    // A changed task subscription records its first cycle silently again (no flood of old tasks).
    return { ...current, tasks: { ...where, minPriority, since: now, primed: false } };
  }
  const topics = cmd.topic === 'all' ? (['alerts', 'tasks'] as const) : [cmd.topic];
  if (topics.every((t) => current[t] === null)) return null;
  let next = { ...current };
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
  return next;
}

type ChangeCommand = Extract<MonitorCommand, { kind: 'subscribe' | 'unsubscribe' }>;
type ChangeDeps = { rs: RelayStore; directory: Pick<Directory, 'resolveSite' | 'sites'>; now: number };

/**
 * Resolves the sites, then applies the change to what the channel has in one atomic step of the store, so two
 * commands at once (jobs, replicas) both count. `ifNew`: only a channel with no subscription yet is changed.
 * The outcome describes what the update stored.
 */
async function change(
  deps: ChangeDeps,
  channel: string,
  cmd: ChangeCommand,
  ifNew: boolean,
): Promise<SubscriptionOutcome | { kind: 'kept'; sub: ChannelSubscriptions }> {
  const { sites, problems } = await resolveSites(deps.directory, cmd.sites);
  if (problems.length > 0) return { kind: 'site-problems', problems };
  // Set on every run of the change (it may run again when another writer got there first).
  let previous: ChannelSubscriptions | undefined;
  let changed = false;
  const stored = await deps.rs.updateSubscriptions(channel, (current) => {
    previous = current;
    const next =
      ifNew && current !== undefined
        ? null
        : applyChange(current ?? emptySubscriptions(channel), cmd, sites, deps.now);
    changed = next !== null;
    return next ?? current;
  });
  if (ifNew && previous !== undefined) return { kind: 'kept', sub: previous };
  if (!changed) return { kind: 'nothing-to-remove', sub: stored };
  return { kind: 'saved', sub: stored ?? emptySubscriptions(channel), previous };
}

export async function changeSubscription(
  deps: ChangeDeps,
  channel: string,
  cmd: ChangeCommand,
): Promise<SubscriptionOutcome> {
  const outcome = await change(deps, channel, cmd, false);
  // 'kept' comes only with ifNew (this never happens here).
  return outcome.kind === 'kept' ? { kind: 'nothing-to-remove', sub: outcome.sub } : outcome;
}

/** Like `changeSubscription`, but keeps a channel that has subscriptions already as it is ('kept'). */
export function subscribeIfNew(deps: ChangeDeps, channel: string, cmd: ChangeCommand) {
  return change(deps, channel, cmd, true);
}

/**
 * Subscribes a channel to every site without Slack or the directory (the bench seeds its channel with this).
 * Task subscriptions start unprimed: their first cycle records silently.
 */
export async function subscribeEverySite(
  rs: RelayStore,
  channel: string,
  topics: { alerts?: boolean; tasks?: boolean },
  now: number,
): Promise<ChannelSubscriptions> {
  const stored = await rs.updateSubscriptions(channel, (current) => ({
    ...(current ?? emptySubscriptions(channel)),
    ...(topics.alerts
      ? { alerts: { siteIds: null, siteNames: [], minSeverity: 'warning' as const, since: now } }
      : {}),
    ...(topics.tasks
      ? { tasks: { siteIds: null, siteNames: [], minPriority: null, since: now, primed: false } }
      : {}),
  }));
  return stored ?? emptySubscriptions(channel);
}
