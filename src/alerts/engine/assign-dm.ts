/**
 * "The assignee is told", once, and their card kept true. Given a task as it now is, `tellAssignees` DMs its
 * current assignee the task card unless someone already did (an atomic claim in the store, see
 * ./assign-dm-cards.ts), and edits every DM card of the task in place (chat.update): the assignee's shows the
 * task as it now is (done, closed, renamed), a former assignee's says it was reassigned. The Slack path (a job)
 * and the poller's deliverer both call it, on any replica, as often as they like: the outcome is the same.
 */
import { randomUUID } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../base/log.ts';
import type { Assignee, Task } from '../../monitoring/api.ts';
import type { Store } from '../../store/store.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { isOpen } from '../../tasks/index.ts';
import type { RenderedMessage } from '../render/alert-message.ts';
import { dmCardStore, fingerprint, versionOf, type DmCardStore } from './assign-dm-cards.ts';
import { classifySlackError } from './alert-slack.ts';

export interface AssigneeDmContext {
  /** The relay's namespace of the store (`relay:`), where the DM cards are kept. */
  alerts: Store;
  client: Pick<WebClient, 'chat'>;
  people: {
    slackUserFor(email: string): Promise<string | undefined>;
    dmsWanted(user: string): Promise<boolean>;
  };
  /** The tasks feature's card (with its buttons) for the task. */
  render(task: Task): Promise<RenderedMessage>;
  now(): number;
  log?: Logger;
}

/** `by`: the Slack user who made the change; nobody is DMed about a task they assigned to themselves. */
export async function tellAssignees(
  ctx: AssigneeDmContext,
  task: Task,
  by?: string,
): Promise<'sent' | 'skipped'> {
  const cards = dmCardStore(ctx.alerts);
  const version = versionOf(task.auditInfo?.lastModifiedDate);
  const live = await ctx.render(task);
  const assignee = task.assignee;
  let outcome: 'sent' | 'skipped' = 'skipped';
  if (assignee?.email && isOpen(task)) {
    const user = await ctx.people.slackUserFor(assignee.email);
    if (user !== undefined)
      outcome = await postOnce(ctx, cards, { task, assigneeId: assignee.id, user, by, version, live });
  }
  // Every card of the task, the one just posted included: it may have been claimed on an older version.
  for (const assigneeId of Object.keys(await cards.read(task.id))) {
    const current = assigneeId === assignee?.id;
    await cards.want(task.id, assigneeId, version, current, current ? live : reassignedCard(live, assignee));
    await cards.settle(task.id, assigneeId, (channel, ts, message) =>
      edit(ctx, cards, { taskId: task.id, assigneeId, channel, ts, message }),
    );
  }
  return outcome;
}

async function postOnce(
  ctx: AssigneeDmContext,
  cards: DmCardStore,
  a: { task: Task; assigneeId: string; user: string; by?: string; version: number; live: RenderedMessage },
): Promise<'sent' | 'skipped'> {
  const token = randomUUID();
  const claim = { user: a.user, token, now: ctx.now(), version: a.version, want: a.live };
  if (!(await cards.claim(a.task.id, a.assigneeId, claim))) return 'skipped';
  try {
    if (a.user === a.by || !(await ctx.people.dmsWanted(a.user))) {
      await cards.finish(a.task.id, a.assigneeId, token, null);
      return 'skipped';
    }
    const posted = await ctx.client.chat.postMessage({
      channel: a.user,
      text: a.live.text,
      blocks: a.live.blocks,
      unfurl_links: false,
    });
    if (!posted.channel || !posted.ts) throw new Error('chat.postMessage answered without channel or ts');
    const place = { channel: posted.channel, ts: posted.ts, fp: fingerprint(a.live) };
    await cards.finish(a.task.id, a.assigneeId, token, place);
    return 'sent';
  } catch (err) {
    // Slack refusing this DM (DMs closed, account gone) is final: the task channel still names the assignee.
    // Anything else (rate limit, outage) gives the claim back for the caller's retry.
    if (classifySlackError(err).kind === 'platform') {
      ctx.log?.warn({ err, taskId: a.task.id }, 'the assignee could not be sent a DM');
      await cards.finish(a.task.id, a.assigneeId, token, null);
      return 'skipped';
    }
    await cards.release(a.task.id, a.assigneeId, token).catch(() => undefined);
    throw err;
  }
}

async function edit(
  ctx: AssigneeDmContext,
  cards: DmCardStore,
  e: { taskId: string; assigneeId: string; channel: string; ts: string; message: RenderedMessage },
): Promise<void> {
  try {
    await ctx.client.chat.update({
      channel: e.channel,
      ts: e.ts,
      text: e.message.text,
      blocks: e.message.blocks,
    });
  } catch (err) {
    if (classifySlackError(err).kind !== 'platform') throw err;
    ctx.log?.warn({ err, taskId: e.taskId }, 'a DM card could not be edited; left as it is');
    await cards.forget(e.taskId, e.assigneeId, e.ts);
  }
}

function nameOf(a: Assignee): string {
  return a.name ?? ([a.firstName, a.lastName].filter(Boolean).join(' ') || a.email || `user ${a.id}`);
}

/** A former assignee's card: says where the task went, shows it as it now is, without its buttons. */
export function reassignedCard(live: RenderedMessage, to: Assignee | null | undefined): RenderedMessage {
  const where = to ? `Reassigned to ${safeName(nameOf(to), 200)}` : 'Unassigned';
  const note = to ? `Reassigned to *${safeName(nameOf(to), 200)}*` : '*Unassigned*';
  return {
    text: `${where} — ${live.text}`.slice(0, 3000),
    blocks: [
      {
        type: 'context',
        elements: [{ type: 'mrkdwn', text: `:arrow_right: ${note}: no longer assigned to you.` }],
      },
      ...live.blocks.filter((b) => b.type !== 'actions'),
    ],
  };
}
