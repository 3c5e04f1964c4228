/**
 * IO around the pure planners: loads one channel's episodes, storms and snoozes, plans, enqueues the new
 * items (each event id remembered, so a re-plan after a crash does not add it again), then saves the state.
 * Items go to the outbox before state is saved: a crash in between repeats work, it never loses an event.
 */
import type {
  ChannelIncident,
  ChannelSubscriptions,
  IncidentView,
  OutboxDraft,
  Snooze,
} from '../rules/model.ts';
import { migrateChannel } from './migrate-incidents.ts';
import { assignmentDmDrafts, DM_OUTBOX } from './alert-people.ts';
import { createdInThreadHere } from './task-origin.ts';
import { digestRecords } from './digest-records.ts';
import type { IncidentLogEntry, TaskLogEntry } from '../rules/digest.ts';
import type { Outbox } from './outbox.ts';
import { planChannelAlerts, siteMatches, type AlertChange } from '../rules/plan-incidents.ts';
import { planChannelTasks } from '../rules/plan-tasks.ts';
import type { AlertStore } from './alert-store.ts';
import type { TaskChange } from '../rules/task-diff.ts';

export interface FanOutContext {
  rs: AlertStore;
  outbox: Outbox;
  now: number;
  stormThreshold: number;
  dedupeTtlMs: number;
}

export interface FanOutInput {
  alertChanges: AlertChange[];
  /** Alert keys with an open track before this cycle: where per-condition state of an upgrade may be. */
  legacyKeys: ReadonlySet<string>;
  /** Sources read this cycle: a snooze "until healthy" of a source not read is not judged. */
  seenSources: ReadonlySet<string>;
  taskChanges: TaskChange[];
  /** The tasks read this cycle, by id (an assignment DM carries the task for its card). */
  tasks?: ReadonlyMap<string, unknown>;
}

/**
 * Marked only after the enqueue: a crash in between may enqueue an event twice (at-least-once), never lose it.
 */
async function enqueueClaimed(ctx: FanOutContext, channel: string, drafts: OutboxDraft[]): Promise<number> {
  const fresh: OutboxDraft[] = [];
  for (const d of drafts) if (!(await ctx.rs.eventEnqueued(channel, d.id))) fresh.push(d);
  const added = await ctx.outbox.enqueue(channel, fresh, ctx.now);
  for (const d of fresh) await ctx.rs.markEventEnqueued(channel, d.id, ctx.dedupeTtlMs);
  return added;
}

/**
 * The planner's changes to the snoozes it read (ended, or counting hidden updates), applied to what is stored
 * now: the Snooze menu may have set or replaced one meanwhile, and that one is kept as it is.
 */
export function mergeSnoozes(
  current: Record<string, Snooze>,
  before: Record<string, Snooze>,
  after: Record<string, Snooze>,
): Record<string, Snooze> {
  const next = { ...current };
  for (const [key, was] of Object.entries(before)) {
    const now = next[key];
    if (now === undefined || now.at !== was.at) continue;
    const planned = after[key];
    if (planned === undefined) delete next[key];
    else if (planned.suppressed !== was.suppressed)
      next[key] = { ...now, suppressed: now.suppressed + planned.suppressed - was.suppressed };
  }
  return next;
}

/** One kind of channel subscription (alerts, tasks): plans and enqueues its items, returns how many. */
type ChannelFanOut = (ctx: FanOutContext, sub: ChannelSubscriptions, input: FanOutInput) => Promise<number>;

const fanOutAlerts: ChannelFanOut = async (ctx, sub, input) => {
  const alerts = sub.alerts;
  if (alerts === null) return 0;
  const channel = sub.channel;
  // Per-condition state of before incidents becomes incidents first (edits only, nothing posted).
  const migrated = await migrateChannel(ctx.rs, channel, input.legacyKeys);
  let added = await enqueueClaimed(ctx, channel, migrated);
  const snoozes = await ctx.rs.snoozes(channel);
  const storms = await ctx.rs.storms(channel);
  const relevant = input.alertChanges.filter((c) => siteMatches(alerts.siteIds, c.view.siteId));
  if (relevant.length === 0 && Object.keys(snoozes).length === 0) return added;
  const incidents: Record<string, ChannelIncident> = {};
  const devices = [
    ...relevant.map((c) => c.view.sourceId),
    ...Object.keys(snoozes)
      .filter((k) => k.startsWith('dev:'))
      .map((k) => k.slice('dev:'.length)),
  ];
  for (const sourceId of new Set(devices)) {
    const inc = await ctx.rs.incident(channel, sourceId);
    if (inc) incidents[sourceId] = inc;
  }
  const unseen = new Set(devices.filter((id) => !input.seenSources.has(id)));
  const plan = planChannelAlerts({
    sub: alerts,
    changes: relevant,
    state: { incidents, storms, snoozes },
    now: ctx.now,
    stormThreshold: ctx.stormThreshold,
    unseen,
  });
  added += await enqueueClaimed(ctx, channel, plan.drafts);
  await digestRecords(ctx.rs.raw).logIncidents(channel, incidentLog(plan.drafts, ctx.now), ctx.now);
  for (const [sourceId, inc] of Object.entries(plan.incidents))
    await ctx.rs.saveIncident(channel, sourceId, inc);
  const changed = Object.entries(plan.incidents);
  if (changed.length > 0) {
    const opened = changed.filter(([, inc]) => inc !== null).map(([id]) => id);
    await ctx.rs.updateIncidentIndex(
      channel,
      opened,
      changed.filter(([, inc]) => inc === null).map(([id]) => id),
    );
  }
  if (JSON.stringify(plan.storms) !== JSON.stringify(storms)) await ctx.rs.saveStorms(channel, plan.storms);
  if (JSON.stringify(plan.snoozes) !== JSON.stringify(snoozes))
    await ctx.rs.updateSnoozes(channel, (current) => mergeSnoozes(current, snoozes, plan.snoozes));
  return added;
};

const fanOutTasks: ChannelFanOut = async (ctx, sub, input) => {
  const tasks = sub.tasks;
  if (tasks === null) return 0;
  // A task made from a message here already has its card in that message's thread (task-origin.ts).
  const planned = planChannelTasks(tasks, input.taskChanges);
  const drafts = planned.filter((d) => !createdInThreadHere(sub.channel, d, input.tasks));
  const added = await enqueueClaimed(ctx, sub.channel, drafts);
  if (!tasks.primed) {
    // The first complete cycle after subscribing records silently; from now on changes are delivered. Only the
    // subscription this cycle read is marked: one changed meanwhile by /monitor (a new `since`) stays unprimed.
    await ctx.rs.updateSubscriptions(sub.channel, (fresh) =>
      fresh?.tasks && fresh.tasks.since === tasks.since && !fresh.tasks.primed
        ? { ...fresh, tasks: { ...fresh.tasks, primed: true } }
        : fresh,
    );
  }
  return added;
};

/**
 * A task assigned to someone sends them its card, and a reassigned or closed one edits the DM cards it has: one
 * item per change into the assignees' DM outbox (alert-people.ts), whatever the channels subscribe to.
 */
async function fanOutAssignments(ctx: FanOutContext, input: FanOutInput): Promise<number> {
  const drafts = await assignmentDmDrafts(ctx.rs.raw, input.taskChanges, input.tasks);
  // Each change is enqueued once (an atomic claim of its id). The DM itself is posted once per assignment by
  // the claim in assign-dm.ts, whichever of the tasks feature's Slack path and this item comes first.
  const claimed: OutboxDraft[] = [];
  for (const d of drafts) if (await ctx.rs.claimEvent(DM_OUTBOX, d.id, ctx.dedupeTtlMs)) claimed.push(d);
  return ctx.outbox.enqueue(DM_OUTBOX, claimed, ctx.now);
}

/** What the shift digest needs to know later: which incidents opened and resolved in this channel, when. */
function incidentLog(drafts: OutboxDraft[], now: number): IncidentLogEntry[] {
  const raised = (i: IncidentView): IncidentLogEntry => ({
    kind: 'raised',
    siteId: i.siteId,
    sourceName: i.sourceName,
    at: now,
    severity: i.severity,
  });
  const resolved = (i: IncidentView): IncidentLogEntry => ({
    kind: 'resolved',
    siteId: i.siteId,
    sourceName: i.sourceName,
    at: now,
    durationMs: i.durationMs,
  });
  return drafts.flatMap((d) => {
    if (d.kind === 'incident.opened') return [raised(d.incident)];
    if (d.kind === 'storm.added') return d.incidents.map(raised);
    if (d.kind === 'incident.resolved' || (d.kind === 'storm.member' && d.change === 'resolved'))
      return [resolved(d.incident)];
    return [];
  });
}

/** Tasks created, done and cancelled, per site, for the shift digest. */
async function logTasks(ctx: FanOutContext, changes: TaskChange[]): Promise<void> {
  const bySite = new Map<string, TaskLogEntry[]>();
  for (const { snapshot: s, events } of changes) {
    for (const e of events) {
      const kind = e.kind === 'created' ? 'created' : e.kind === 'status' ? e.closed : null;
      if (kind === null) continue;
      const list = bySite.get(s.siteId) ?? [];
      list.push({ siteId: s.siteId, kind, name: s.name, at: ctx.now });
      bySite.set(s.siteId, list);
    }
  }
  const records = digestRecords(ctx.rs.raw);
  for (const [siteId, entries] of bySite) await records.logTasks(siteId, entries, ctx.now);
}

/** Returns the number of items enqueued per channel. */
export async function fanOut(
  ctx: FanOutContext,
  subs: ChannelSubscriptions[],
  input: FanOutInput,
): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  for (const sub of subs) {
    let n = 0;
    for (const kind of [fanOutAlerts, fanOutTasks]) n += await kind(ctx, sub, input);
    if (n > 0) out.set(sub.channel, n);
  }
  await logTasks(ctx, input.taskChanges);
  const dms = await fanOutAssignments(ctx, input);
  if (dms > 0) out.set(DM_OUTBOX, dms);
  return out;
}
