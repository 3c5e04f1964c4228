/**
 * Delivers one outbox item to Slack as a sequence of named steps (post / reply / update). Each step is
 * recorded after it succeeds, and a parent's ts is saved right after its post — before the item is marked
 * delivered — so a restart resumes at the first unfinished step and never posts a parent twice.
 */
import type { RenderedMessage } from '../render/alert-message.ts';
import { DIGEST_SHOWN, renderDigest } from '../render/digest-message.ts';
import {
  incidentFromAlert,
  renderIncidentChangeReply,
  renderIncidentParent,
  renderIncidentResolvedReply,
  renderMergedParent,
} from '../render/incident-message.ts';
import { renderSnoozeSummary } from '../render/snooze-summary.ts';
import { renderStormAddedReply, renderStormMemberReply, renderStormParent } from '../render/storm-message.ts';
import { renderTaskEventsReply, renderTaskParent } from '../render/task-message.ts';
import type { AckRecord, MessageRecord, OutboxItem, ParentView, Snooze } from '../rules/model.ts';
import { legacyClearedAlert } from './migrate-incidents.ts';
import { deviceSnoozeKey, stormSnoozeKey } from '../rules/plan-incidents.ts';
import type { Outbox } from './outbox.ts';
import type { AlertStore } from './alert-store.ts';
import { classifySlackError, type AlertSlack } from './alert-slack.ts';
import { assigneeMentions, type AlertPeople } from './alert-people.ts';

export class LostLeadershipError extends Error {
  readonly code = 'ALERTS_NOT_LEADER';
  constructor() {
    super('this replica no longer holds the relay lease; delivery stopped');
    this.name = 'LostLeadershipError';
  }
}

export interface DeliverContext {
  rs: AlertStore;
  outbox: Outbox;
  slack: AlertSlack;
  /** Checked before every Slack write (fencing: a paused former leader must not post). */
  fence: () => Promise<boolean>;
  /** Waits until the channel may take its next write (~1 message per second per channel). */
  pace: () => Promise<void>;
  /** Called when a write has completed: the spacing counts from here, as Slack sees the messages arrive. */
  written?: () => void;
  /** Assignees' Slack users (mentions, DMs) and the task card; absent = names only, no DMs. */
  people?: AlertPeople;
}

export function renderParent(
  view: ParentView,
  subject: string,
  ack: AckRecord | null,
  snooze: Snooze | null = null,
  mention: string | null = null,
): RenderedMessage {
  switch (view.type) {
    case 'incident':
      return renderIncidentParent(view.incident, subject, ack, snooze);
    case 'alert':
      return renderIncidentParent(incidentFromAlert(view.alert), subject, ack, snooze);
    case 'merged':
      return { text: 'This alert now continues in one message per device.', blocks: [] };
    case 'storm':
      return renderStormParent(view.storm, subject, ack, snooze);
    case 'task':
      return renderTaskParent(view.task, mention);
  }
}

/** The snooze set from this parent's Snooze menu, while it holds (shown on the parent). */
export async function parentSnooze(
  rs: AlertStore,
  channel: string,
  subject: string,
  view: ParentView,
): Promise<Snooze | null> {
  const key =
    view.type === 'incident'
      ? deviceSnoozeKey(view.incident.sourceId)
      : view.type === 'storm'
        ? stormSnoozeKey(view.storm.siteId)
        : null;
  if (key === null) return null;
  const z = (await rs.snoozes(channel))[key];
  return z && z.subject === subject ? z : null;
}

export async function deliverItem(ctx: DeliverContext, channel: string, item: OutboxItem): Promise<void> {
  const done = new Set((await ctx.outbox.progress(channel, item.seq)).done);
  const subject = item.subject;

  async function step(name: string, write: () => Promise<void>): Promise<void> {
    if (done.has(name)) return;
    await ctx.pace();
    if (!(await ctx.fence())) throw new LostLeadershipError();
    await write();
    ctx.written?.();
    await ctx.outbox.markStep(channel, item.seq, name);
    done.add(name);
  }

  /** The assignee of a task parent as a Slack mention, when their Slack user is known. */
  async function mentionFor(view: ParentView): Promise<string | null> {
    if (view.type !== 'task' || !view.task.assigneeEmail || !ctx.people) return null;
    return (await ctx.people.slackUserFor(view.task.assigneeEmail).catch(() => undefined)) ?? null;
  }

  const record = async (): Promise<MessageRecord | undefined> =>
    subject ? ctx.rs.message(channel, subject) : undefined;

  /** Posts the parent unless one is recorded; returns its record. */
  async function ensureParent(view: ParentView): Promise<{ rec: MessageRecord; fresh: boolean }> {
    const existing = await record();
    if (existing || subject === null) {
      if (existing) return { rec: existing, fresh: false };
      throw new Error(`outbox item ${item.id} has no subject`);
    }
    let rec: MessageRecord | undefined;
    await step('post', async () => {
      const ts = await ctx.slack.post(
        channel,
        renderParent(view, subject, null, null, await mentionFor(view)),
      );
      rec = { ts, view };
      await ctx.rs.saveMessage(channel, subject, rec);
    });
    const saved = rec ?? (await record());
    if (!saved) throw new Error(`parent of ${subject} was posted but its ts is not recorded`);
    return { rec: saved, fresh: true };
  }

  /** `endedAt`: a snooze that ended then is not shown even if the store still holds it for a moment. */
  async function updateParent(rec: MessageRecord, view: ParentView, endedAt?: number): Promise<void> {
    if (subject === null) return;
    await step('update', async () => {
      const ack = (await ctx.rs.ack(channel, subject)) ?? null;
      const z = await parentSnooze(ctx.rs, channel, subject, view);
      const snooze = z && (endedAt === undefined || z.at > endedAt) ? z : null;
      const msg = renderParent(view, subject, ack, snooze, await mentionFor(view));
      try {
        await ctx.slack.update(channel, rec.ts, msg);
        await ctx.rs.saveMessage(channel, subject, { ts: rec.ts, view });
      } catch (err) {
        const f = classifySlackError(err);
        // Someone deleted the parent: post the current state again instead of failing forever.
        if (f.kind !== 'platform' || f.error !== 'message_not_found') throw err;
        await ctx.rs.saveMessage(channel, subject, { ts: await ctx.slack.post(channel, msg), view });
      }
    });
  }

  const reply = (msg: RenderedMessage, threadTs: string) =>
    step('reply', async () => void (await ctx.slack.post(channel, msg, threadTs)));

  switch (item.kind) {
    case 'incident.opened':
      await ensureParent({ type: 'incident', incident: item.incident });
      return;
    case 'incident.changed': {
      const view: ParentView = { type: 'incident', incident: item.incident };
      const { rec, fresh } = await ensureParent(view);
      if (fresh) return;
      if (!item.quiet) await reply(renderIncidentChangeReply(item.changes), rec.ts);
      await updateParent(rec, view);
      return;
    }
    case 'incident.resolved': {
      const rec = await record();
      if (!rec) return; // never shown in this channel (hidden by a snooze): nothing to resolve
      await updateParent(rec, { type: 'incident', incident: item.incident });
      if (!item.quiet) await reply(renderIncidentResolvedReply(item.incident), rec.ts);
      return;
    }
    case 'incident.migrated': {
      const view: ParentView = { type: 'incident', incident: item.incident };
      const { rec, fresh } = await ensureParent(view);
      if (!fresh) await updateParent(rec, view);
      for (const [i, old] of item.merged.entries()) {
        const merged = await ctx.rs.message(channel, old);
        if (!merged || merged.view.type === 'merged') continue;
        await step(`merge:${i}`, async () => {
          await ctx.slack
            .update(channel, merged.ts, renderMergedParent(item.incident))
            .catch((err: unknown) => {
              const f = classifySlackError(err);
              if (f.kind !== 'platform' || f.error !== 'message_not_found') throw err;
            });
          await ctx.rs.saveMessage(channel, old, {
            ts: merged.ts,
            view: { type: 'merged', into: subject ?? '' },
          });
        });
      }
      return;
    }
    case 'storm.added': {
      const { rec, fresh } = await ensureParent({ type: 'storm', storm: item.storm });
      await reply(renderStormAddedReply(item.incidents), rec.ts);
      if (!fresh) await updateParent(rec, { type: 'storm', storm: item.storm });
      return;
    }
    case 'storm.member': {
      const { rec } = await ensureParent({ type: 'storm', storm: item.storm });
      if (!item.quiet) await reply(renderStormMemberReply(item.incident, item.change, item.changes), rec.ts);
      await updateParent(rec, { type: 'storm', storm: item.storm });
      return;
    }
    case 'task.changed': {
      const view: ParentView = { type: 'task', task: item.task };
      const { rec, fresh } = await ensureParent(view);
      const onlyCreated = item.events.every((e) => e.kind === 'created');
      if (fresh && onlyCreated) return;
      await reply(renderTaskEventsReply(item.task, item.events, await mentionFor(view)), rec.ts);
      if (!fresh) await updateParent(rec, view);
      return;
    }
    case 'task.assigned': {
      const people = ctx.people;
      if (!people) return;
      try {
        // Posts once per assignment and edits the task's DM cards in place (assign-dm.ts): safe to run again.
        await step('post', () => people.tellAssignees(item.task));
      } catch (err) {
        // A DM Slack refuses (DMs closed, account gone, a missing scope) is dropped rather than retried forever
        // ahead of everyone else's: the task channel still names the assignee. Rate limits and outages retry.
        if (classifySlackError(err).kind !== 'platform') throw err;
      }
      return;
    }
    case 'snooze.ended': {
      const rec = await record();
      await step(
        'post',
        async () => void (await ctx.slack.post(channel, renderSnoozeSummary(item.summary), rec?.ts)),
      );
      // The snooze is over: take its line off the parent.
      if (rec?.view.type === 'incident' || rec?.view.type === 'storm')
        await updateParent(rec, rec.view, item.summary.endedAt);
      return;
    }
    case 'digest.posted': {
      const overdue = item.digest.tasks?.overdue.slice(0, DIGEST_SHOWN) ?? [];
      const mentions = await assigneeMentions(ctx.people, overdue);
      await step(
        'post',
        async () => void (await ctx.slack.post(channel, renderDigest(item.digest, mentions))),
      );
      return;
    }
    default: {
      // An item of the per-condition relay left in the outbox by the upgrade. The migration brought every open
      // condition's parent up to date; a condition that cleared just before still gets its parent resolved.
      const alert = legacyClearedAlert(item);
      const rec = alert ? await record() : undefined;
      if (alert && rec?.view.type === 'alert') await updateParent(rec, { type: 'alert', alert });
      return;
    }
  }
}
