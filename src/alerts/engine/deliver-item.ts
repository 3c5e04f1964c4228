/**
 * Delivers one outbox item to Slack as a sequence of named steps (post / reply / update). Each step is
 * recorded after it succeeds, and a parent's ts is saved right after its post — before the item is marked
 * delivered — so a restart resumes at the first unfinished step and never posts a parent twice.
 */
import {
  renderAlertClearedReply,
  renderAlertParent,
  renderAlertUpdateReply,
  type RenderedMessage,
} from '../render/alert-message.ts';
import { renderSnoozeSummary } from '../render/relay-snooze-summary.ts';
import {
  renderStormAddedReply,
  renderStormMemberReply,
  renderStormParent,
} from '../render/relay-storm-message.ts';
import { renderTaskEventsReply, renderTaskParent } from '../render/relay-task-message.ts';
import type { AckRecord, MessageRecord, OutboxItem, ParentView, Snooze } from '../rules/model.ts';
import type { Outbox } from './outbox.ts';
import type { RelayStore } from './relay-store.ts';
import { classifySlackError, type RelaySlack } from './relay-slack.ts';

export class LostLeadershipError extends Error {
  readonly code = 'RELAY_NOT_LEADER';
  constructor() {
    super('this replica no longer holds the relay lease; delivery stopped');
    this.name = 'LostLeadershipError';
  }
}

export interface DeliverContext {
  rs: RelayStore;
  outbox: Outbox;
  slack: RelaySlack;
  /** Checked before every Slack write (fencing: a paused former leader must not post). */
  fence: () => Promise<boolean>;
  /** Waits until the channel may take its next write (~1 message per second per channel). */
  pace: () => Promise<void>;
  /** Called when a write has completed: the spacing counts from here, as Slack sees the messages arrive. */
  written?: () => void;
}

export function renderParent(
  view: ParentView,
  subject: string,
  ack: AckRecord | null,
  snooze: Snooze | null = null,
): RenderedMessage {
  switch (view.type) {
    case 'alert':
      return renderAlertParent(view.alert, subject, ack, snooze);
    case 'storm':
      return renderStormParent(view.storm, subject, ack);
    case 'task':
      return renderTaskParent(view.task);
  }
}

/** The snooze set from this parent's Snooze menu, while it holds (shown on the parent). */
export async function parentSnooze(
  rs: RelayStore,
  channel: string,
  subject: string,
  view: ParentView,
): Promise<Snooze | null> {
  if (view.type !== 'alert') return null;
  const z = (await rs.snoozes(channel))[view.alert.key];
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
      const ts = await ctx.slack.post(channel, renderParent(view, subject, null));
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
      const msg = renderParent(view, subject, ack, snooze);
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
    case 'alert.raised':
      await ensureParent({ type: 'alert', alert: item.alert });
      return;
    case 'alert.updated': {
      const { rec, fresh } = await ensureParent({ type: 'alert', alert: item.alert });
      if (fresh) return;
      await reply(renderAlertUpdateReply(item.alert, item.previousSeverity), rec.ts);
      await updateParent(rec, { type: 'alert', alert: item.alert });
      return;
    }
    case 'alert.cleared': {
      const rec = await record();
      if (!rec) return; // never shown in this channel (hidden by a snooze): nothing to resolve
      await updateParent(rec, { type: 'alert', alert: item.alert });
      if (!item.quiet) await reply(renderAlertClearedReply(item.alert), rec.ts);
      return;
    }
    case 'storm.added': {
      const { rec, fresh } = await ensureParent({ type: 'storm', storm: item.storm });
      await reply(renderStormAddedReply(item.alerts), rec.ts);
      if (!fresh) await updateParent(rec, { type: 'storm', storm: item.storm });
      return;
    }
    case 'storm.member': {
      const { rec } = await ensureParent({ type: 'storm', storm: item.storm });
      await reply(renderStormMemberReply(item.alert, item.change), rec.ts);
      await updateParent(rec, { type: 'storm', storm: item.storm });
      return;
    }
    case 'task.changed': {
      const { rec, fresh } = await ensureParent({ type: 'task', task: item.task });
      const onlyCreated = item.events.every((e) => e.kind === 'created');
      if (fresh && onlyCreated) return;
      await reply(renderTaskEventsReply(item.task, item.events), rec.ts);
      if (!fresh) await updateParent(rec, { type: 'task', task: item.task });
      return;
    }
    case 'snooze.ended': {
      const rec = await record();
      await step(
        'post',
        async () => void (await ctx.slack.post(channel, renderSnoozeSummary(item.summary), rec?.ts)),
      );
      // The snooze is over: take its line off the parent.
      if (rec?.view.type === 'alert') await updateParent(rec, rec.view, item.summary.endedAt);
      return;
    }
  }
}
