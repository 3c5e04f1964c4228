/**
 * Subscription changes behind /monitor: resolves site names through the directory, merges with what the
 * channel has, and stores the result per channel. Returns what happened for the renderer; never talks to Slack.
 */
import type { Directory, SiteInfo } from '../../directory/types.ts';
import type { ChannelSubscriptions } from './model.ts';
import type { MonitorCommand } from './monitor-parse.ts';
import type { AlertStore } from '../engine/alert-store.ts';
import { hiddenOf, keepOnly, NOTHING_KEPT, type Kept, type SiteLimit, type SiteList } from './admin-sites.ts';

export type SiteProblem =
  { kind: 'none'; text: string; known: string[] } | { kind: 'many'; text: string; matches: string[] };

/** `kept`: what a limited admin's change left as it was (the sites their key does not see). */
export type SubscriptionOutcome =
  | { kind: 'saved'; sub: ChannelSubscriptions; previous: ChannelSubscriptions | undefined; kept: Kept }
  | { kind: 'site-problems'; problems: SiteProblem[] }
  | { kind: 'nothing-to-remove'; sub: ChannelSubscriptions | undefined; kept: Kept };

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

/** What `cmd` makes of the channel's `current` subscriptions (pure), and what a limited admin's change kept. */
interface Applied {
  /** null: nothing to remove. */
  next: ChannelSubscriptions | null;
  kept: Kept;
}

/**
 * Subscribes a topic. Under a limit, a part that also covers sites the admin does not see keeps "every site" (naming
 * sites would narrow it to them) and its severity or priority filter (one value for all its sites).
 */
function subscribe(
  current: ChannelSubscriptions,
  cmd: Extract<ChangeCommand, { kind: 'subscribe' }>,
  sites: SiteInfo[],
  now: number,
  limit: SiteLimit,
): Applied {
  const part = current[cmd.topic];
  const hidden = hiddenOf(limit, part);
  // "Every site" already covers theirs; naming sites would narrow it to them and drop the others.
  const keepEvery = hidden.length > 0 && part !== null && part.siteIds === null;
  const where = keepEvery && part ? sitesOf(part) : merge(part, sites);
  const wanted = cmd.topic === 'alerts' ? cmd.severity : cmd.priority;
  const had = cmd.topic === 'alerts' ? current.alerts?.minSeverity : current.tasks?.minPriority;
  const keepFilter = hidden.length > 0 && wanted !== null && wanted !== had;
  const kept: Kept =
    keepFilter || (keepEvery && sites.length > 0)
      ? { sites: hidden, filter: keepFilter ? FILTER[cmd.topic] : null }
      : NOTHING_KEPT;
  const severity = keepFilter ? null : cmd.severity;
  const priority = keepFilter ? null : cmd.priority;
  // Under a limit, a part whose sites and filter stay as they were is left as it is (`since`, priming too).
  const sameFilter = (severity ?? priority) === null || (severity ?? priority) === had;
  if (hidden.length > 0 && part && sameSites(where, part) && sameFilter) return { next: current, kept };
  if (cmd.topic === 'alerts') {
    const minSeverity = severity ?? current.alerts?.minSeverity ?? 'warning';
    return { next: { ...current, alerts: { ...where, minSeverity, since: now } }, kept };
  }
  const minPriority = priority ?? current.tasks?.minPriority ?? null;
  // A changed task subscription records its first cycle silently again (no flood of old tasks).
  return { next: { ...current, tasks: { ...where, minPriority, since: now, primed: false } }, kept };
}

const FILTER = { alerts: 'severity', tasks: 'priority' } as const;
const sitesOf = (part: SiteList): SiteList => ({ siteIds: part.siteIds, siteNames: part.siteNames });
const sameSites = (a: SiteList, b: SiteList) => JSON.stringify(a.siteIds) === JSON.stringify(b.siteIds);

/**
 * Unsubscribes topics. Without site names, a limited admin removes only the sites they see: the others stay, and
 * "every site" stays as it is (it has no list to take their sites out of).
 */
function unsubscribe(
  current: ChannelSubscriptions,
  cmd: Extract<ChangeCommand, { kind: 'unsubscribe' }>,
  sites: SiteInfo[],
  limit: SiteLimit,
): Applied {
  const topics = cmd.topic === 'all' ? (['alerts', 'tasks'] as const) : [cmd.topic];
  if (topics.every((t) => current[t] === null)) return { next: null, kept: NOTHING_KEPT };
  let next = { ...current };
  const kept = new Set<string>();
  const ids = new Set(sites.map((s) => s.id));
  for (const t of topics) {
    const part = current[t];
    if (part === null) continue;
    const hidden = sites.length === 0 ? hiddenOf(limit, part) : [];
    hidden.forEach((id) => kept.add(id));
    const left =
      sites.length > 0 ? without(part, ids) : hidden.length > 0 ? keepOnly(part, new Set(hidden)) : null;
    next = { ...next, [t]: left === null ? null : { ...part, ...left } };
  }
  const keptNote: Kept = { sites: [...kept], filter: null };
  // Only what they may not remove was there: nothing to remove, and the reply says what was kept.
  if (kept.size > 0 && JSON.stringify(next) === JSON.stringify(current))
    return { next: null, kept: keptNote };
  return { next, kept: keptNote };
}

function applyChange(
  current: ChannelSubscriptions,
  cmd: ChangeCommand,
  sites: SiteInfo[],
  now: number,
  limit: SiteLimit,
): Applied {
  return cmd.kind === 'subscribe'
    ? subscribe(current, cmd, sites, now, limit)
    : unsubscribe(current, cmd, sites, limit);
}

type ChangeCommand = Extract<MonitorCommand, { kind: 'subscribe' | 'unsubscribe' }>;
type ChangeDeps = {
  rs: AlertStore;
  directory: Pick<Directory, 'resolveSite' | 'sites'>;
  now: number;
  /** The acting admin's sites (computed before the change, applied inside it); none: no limit. */
  limit?: SiteLimit;
};

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
  let kept = NOTHING_KEPT;
  const stored = await deps.rs.updateSubscriptions(channel, (current) => {
    previous = current;
    const applied =
      ifNew && current !== undefined
        ? { next: null, kept: NOTHING_KEPT }
        : applyChange(current ?? emptySubscriptions(channel), cmd, sites, deps.now, deps.limit ?? null);
    changed = applied.next !== null;
    kept = applied.kept;
    return applied.next ?? current;
  });
  if (ifNew && previous !== undefined) return { kind: 'kept', sub: previous };
  if (!changed) return { kind: 'nothing-to-remove', sub: stored, kept };
  return { kind: 'saved', sub: stored ?? emptySubscriptions(channel), previous, kept };
}

export async function changeSubscription(
  deps: ChangeDeps,
  channel: string,
  cmd: ChangeCommand,
): Promise<SubscriptionOutcome> {
  const outcome = await change(deps, channel, cmd, false);
  // 'kept' comes only with ifNew (this never happens here).
  return outcome.kind === 'kept'
    ? { kind: 'nothing-to-remove', sub: outcome.sub, kept: NOTHING_KEPT }
    : outcome;
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
  rs: AlertStore,
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
