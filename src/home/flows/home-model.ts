/**
 * Gathers what the Home tab shows, each part on its own so that one failure becomes a notice in that part:
 * the viewer's platform user (by email) and open tasks, the relay's subscriptions and status (read from the
 * store), and a quick platform probe. Never throws for platform or store failures.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import type { Assignee } from '../../monitoring/api.ts';
import type { ChannelSubscriptions } from '../../alerts/index.ts';
import { assignmentDmsOn, alertStore, relayRoot } from '../../alerts/index.ts';
import { connectionHomeState } from '../../connections/index.ts';
import type { Store } from '../../store/store.ts';
import type { PersonMatch } from '../../directory/index.ts';
import { within } from '../../kit/time-budget.ts';
import { HOME_CHANNEL_LIMIT, HOME_TASK_LIMIT } from '../render/home-ids.ts';
import type { HomeConnection, HomeModel, HomeSubscriptions, HomeTasks } from '../render/home-view.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { pickHomeTasks } from '../rules/pick-tasks.ts';
import {
  actingPerson,
  actingWorkspace,
  ensureAllowed,
  isAccessError,
  type HomeAccessState,
} from '../../access/index.ts';
import { roundsHome } from '../../rounds/index.ts';

/**
 * What the Home tab reads: the platform as the viewer, the directory, tasks, the relay's store, the clock, and
 * (when given) the viewer's platform account.
 */
export type HomeModelDeps = Pick<Deps, 'monitoring' | 'directory' | 'tasks' | 'store' | 'clock' | 'log'> &
  Partial<Pick<Deps, 'access' | 'connections'>>;

const PROBE_TIMEOUT_MS = 2_500;
const TASKS_TIMEOUT_MS = 8_000;
/** Site time zones decide "overdue"; when the site list is slow the tab uses UTC rather than wait. */
const ZONES_BUDGET_MS = 1_500;

type Settled<T> = { ok: true; value: T } | { ok: false; err: unknown };
const settle = <T>(work: Promise<T>): Promise<Settled<T>> =>
  work.then(
    (value) => ({ ok: true as const, value }),
    (err: unknown) => ({ ok: false as const, err }),
  );

/** Logs the failure under a reference id and returns the user-facing sentence that quotes it. */
function notice(deps: HomeModelDeps, err: unknown, what: string, user: string): string {
  const message = userMessageFor(err);
  deps.log.warn({ err, ref: message.ref, user, module: 'home' }, `home: ${what} failed`);
  return message.text;
}

export function displayName(a: Assignee): string {
  return a.name ?? ([a.firstName, a.lastName].filter(Boolean).join(' ') || a.email || `user ${a.id}`);
}

/** A one-row GET /tasks with a short deadline: cheap, and the same endpoint the task list needs. */
async function probe(deps: HomeModelDeps, user: string): Promise<HomeConnection> {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS);
  const started = performance.now();
  try {
    await deps.monitoring.tasks.listPage({ limit: 1 }, null, signal);
    return { ok: true, ms: performance.now() - started };
  } catch (err) {
    if (signal.aborted) {
      const text = `The monitoring platform did not answer within ${PROBE_TIMEOUT_MS / 1000} s.`;
      deps.log.warn({ user, module: 'home' }, 'home: platform probe timed out');
      return { ok: false, notice: `:warning: ${text}` };
    }
    return { ok: false, notice: notice(deps, err, 'platform probe', user) };
  }
}

async function subscriptions(deps: HomeModelDeps, relay: Store, user: string): Promise<HomeSubscriptions> {
  try {
    const rs = alertStore(relay);
    const channels = await rs.channels();
    // Only the channels the tab lists are read; the rest are counted.
    const subs = await Promise.all(channels.slice(0, HOME_CHANNEL_LIMIT).map((c) => rs.subscriptions(c)));
    return {
      kind: 'ok',
      subs: subs.filter((s): s is ChannelSubscriptions => s !== undefined),
      total: channels.length,
    };
  } catch (err) {
    return { kind: 'failed', notice: notice(deps, err, 'reading subscriptions', user) };
  }
}

async function openTasks(deps: HomeModelDeps, assignee: Assignee, user: string): Promise<HomeTasks> {
  const signal = AbortSignal.timeout(TASKS_TIMEOUT_MS);
  const zones = within(deps.directory.sites(signal), ZONES_BUDGET_MS).catch(() => undefined);
  try {
    const page = await deps.tasks.list({ scope: 'open', assigneeId: assignee.id }, signal);
    const zoneBySite = new Map((await zones)?.map((s) => [s.id, s.timeZone]) ?? []);
    const tasks = pickHomeTasks(
      page.tasks,
      deps.clock.now(),
      (siteId) => (siteId ? (zoneBySite.get(siteId) ?? null) : null),
      HOME_TASK_LIMIT,
    );
    return {
      kind: 'found',
      who: displayName(assignee),
      tasks,
      more: page.next !== null || page.tasks.length > tasks.length,
    };
  } catch (err) {
    return { kind: 'failed', notice: notice(deps, err, 'listing tasks', user) };
  }
}

function tasksFor(
  deps: HomeModelDeps,
  person: Settled<PersonMatch>,
  connection: HomeConnection,
  user: string,
): Promise<HomeTasks> | HomeTasks {
  if (!person.ok)
    return { kind: 'failed', notice: notice(deps, person.err, 'finding the platform user', user) };
  const match = person.value;
  if (match.kind === 'found') return openTasks(deps, match.assignee, user);
  if (match.kind === 'no-email') return { kind: 'no-email' };
  // People are learned from GET /tasks: while the platform is down, "no such user" would be a guess.
  if (!connection.ok)
    return 'notice' in connection
      ? { kind: 'failed', notice: connection.notice }
      : 'refused' in connection
        ? { kind: 'failed', notice: connection.refused }
        : { kind: 'connect', renew: connection.connect === 'must-renew' };
  return { kind: 'no-match', email: match.email };
}

/**
 * The viewer's platform account: connected (who, how many sites), not connected, must be renewed (a key kept that
 * no data key opens: never "connected"), or shared mode.
 */
async function accountOf(deps: HomeModelDeps, user: string): Promise<HomeAccessState | undefined> {
  const team = actingPerson()?.teamId;
  if (!deps.access || !team) return undefined;
  const link = await deps.access.linkState(team, user).catch((err: unknown) => {
    deps.log.warn({ err, user, module: 'home' }, 'home: platform account state unreadable');
    return undefined;
  });
  if (!link) return undefined;
  if (link.state === 'shared') return { mode: 'shared' };
  if (link.state === 'must-renew') return { mode: 'must-renew' };
  if (link.state === 'not-connected') return { mode: 'linked', info: null };
  if (link.info.sites) return { mode: 'linked', info: link.info };
  // A link made without counting its sites (local mode's): count them now, with the person's own key.
  const sites = await within(deps.directory.sites(), ZONES_BUDGET_MS).catch(() => undefined);
  if (!sites) return { mode: 'linked', info: link.info };
  const counted = { count: sites.length, names: sites.map((site) => site.name).slice(0, 20) };
  return { mode: 'linked', info: { ...link.info, sites: counted } };
}

/** The refusal text when the viewer may not use fieldline at all (checked even though no platform call follows). */
async function refusalOf(deps: HomeModelDeps): Promise<string | null> {
  if (!deps.access || !actingPerson()) return null;
  try {
    await ensureAllowed();
    return null;
  } catch (err) {
    // Slack could not tell who this is: the parts that reach the platform check again and say so themselves.
    return isAccessError(err) ? err.explanation : null;
  }
}

export async function loadHomeModel(
  deps: HomeModelDeps,
  client: WebClient,
  user: string,
): Promise<HomeModel> {
  const refused = await refusalOf(deps);
  if (refused !== null) {
    // Someone fieldline does not act for (guest, deactivated, another organisation): the reason, nothing else.
    return {
      user,
      nowMs: deps.clock.now(),
      tasks: { kind: 'failed', notice: refused },
      subscriptions: { kind: 'failed', notice: refused },
      connection: { ok: false, refused },
      alerts: null,
    };
  }
  // The workspace's relay (issue 39), and the admin-only platform connection section.
  const relay = await relayRoot(deps);
  const platformConnection = deps.connections
    ? await connectionHomeState(deps.connections, client, user).catch((err: unknown) => {
        deps.log.warn({ err, user, module: 'home' }, 'home: platform connection state unreadable');
        return undefined;
      })
    : undefined;
  const admin = platformConnection ? { platformConnection } : {};
  const account = await accountOf(deps, user);
  const unlinked = account?.mode === 'must-renew' || (account?.mode === 'linked' && account.info === null);
  if (account && unlinked) {
    // Nothing reaches the platform before the person connects (issue 14), or connects again: say so, not
    // "unreachable" (issue 38).
    const renew = account.mode === 'must-renew';
    return {
      user,
      nowMs: deps.clock.now(),
      account,
      ...admin,
      tasks: { kind: 'connect', renew },
      subscriptions: await subscriptions(deps, relay, user),
      connection: { ok: false, connect: renew ? 'must-renew' : 'not-connected' },
      alerts:
        (await alertStore(relay)
          .status()
          .catch(() => undefined)) ?? null,
    };
  }
  const [connection, person, subs, alerts] = await Promise.all([
    probe(deps, user),
    settle(deps.directory.people.platformUserFor(client, user, AbortSignal.timeout(TASKS_TIMEOUT_MS))),
    subscriptions(deps, relay, user),
    alertStore(relay)
      .status()
      .catch(() => undefined),
  ]);
  const tasks = await tasksFor(deps, person, connection, user);
  const assignmentDms = await assignmentDmsOn(relay, user).catch(() => undefined);
  // Rounds (issue 40): each round's last completion and its 7-day rate, from this workspace's store.
  const rounds = await roundsHome(deps, actingWorkspace()).catch(() => []);
  return {
    ...(rounds.length > 0 ? { rounds } : {}),
    user,
    nowMs: deps.clock.now(),
    tasks,
    subscriptions: subs,
    connection,
    alerts: alerts ?? null,
    ...(assignmentDms !== undefined ? { assignmentDms } : {}),
    ...(account ? { account } : {}),
    ...admin,
  };
}
