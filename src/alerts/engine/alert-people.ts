/**
 * The people the relay tells about tasks: an assignee's Slack user (the same email match the people directory
 * uses for assignment, asked the other way round: `users.lookupByEmail`, remembered for an hour), whether they
 * turned assignment DMs off on App Home, and their DM cards (the tasks feature's card) posted once and kept true.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { Store } from '../../store/store.ts';
import { taskWire, toTask } from '../../monitoring/task-schema.ts';
import type { Deps } from '../../base/deps.ts';
import type { Logger } from '../../base/log.ts';
import type { Task } from '../../monitoring/api.ts';
import { slackErrorCode } from '../../kit/reply/index.ts';
import { renderCardFor } from '../../tasks/index.ts';
import type { RenderedMessage } from '../render/alert-message.ts';
import type { OutboxDraft } from '../rules/model.ts';
import type { TaskChange } from '../rules/task-diff.ts';
import { tellAssignees } from './assign-dm.ts';
import { dmCardStore } from './assign-dm-cards.ts';

export interface AlertPeople {
  slackUserFor(email: string): Promise<string | undefined>;
  /** False when the person turned assignment DMs off on App Home. */
  dmsWanted(user: string): Promise<boolean>;
  /**
   * Makes the assignees' DMs match a task the relay read (./assign-dm.ts): the assignee is DMed its card unless
   * someone already did, and every DM card of the task is edited to show it as it now is.
   */
  tellAssignees(task: unknown): Promise<void>;
}

/** The outbox "channel" of assignment DMs: each item names its assignee; one paced queue for all of them. */
export const DM_OUTBOX = '@assignees';

/** One assignment change as the relay's poll names it (the id its outbox item is deduplicated by). */
export function assignmentEventId(
  taskId: string,
  assigneeId: string | null,
  modifiedAt: string | null,
): string {
  return `assigned:${taskId}:${assigneeId ?? ''}:${modifiedAt ?? ''}`;
}

/**
 * The DM outbox's items for a cycle's task changes: a task assigned to someone (new with an assignee, or a new
 * assignee), and a reassignment or status change of a task whose DM cards must be edited. Delivering one runs
 * `tellAssignees`, which posts at most once per assignment however many items name it.
 */
export async function assignmentDmDrafts(
  alerts: Store,
  changes: readonly TaskChange[],
  tasks: ReadonlyMap<string, unknown> | undefined,
): Promise<OutboxDraft[]> {
  const drafts: OutboxDraft[] = [];
  for (const { snapshot: s, events } of changes) {
    const task = tasks?.get(s.id);
    if (task === undefined) continue;
    const assigned = events.some((e) => e.kind === 'reassigned' || e.kind === 'created');
    const tell = assigned && s.assigneeId !== null && !!s.assigneeEmail && s.open;
    const edit = events.some((e) => e.kind === 'reassigned' || e.kind === 'status');
    if (!tell && !(edit && Object.keys(await dmCardStore(alerts).read(s.id)).length > 0)) continue;
    drafts.push({
      kind: 'task.assigned',
      taskId: s.id,
      email: s.assigneeEmail ?? '',
      task,
      id: `${assignmentEventId(s.id, s.assigneeId, s.modifiedAt)}:${s.statusId}`,
      subject: null,
    });
  }
  return drafts;
}

/**
 * Slack mentions of the assignees of these tasks, by lower-case email (one cached `slackUserFor` each); an
 * assignee not found, or a lookup that failed, keeps their name. The digest, its "and N more" and `/monitor
 * digest now` share it.
 */
export async function assigneeMentions(
  people: AlertPeople | undefined,
  tasks: readonly { assigneeEmail: string | null }[],
): Promise<Record<string, string>> {
  const mentions: Record<string, string> = {};
  if (!people) return mentions;
  for (const t of tasks) {
    const email = t.assigneeEmail?.toLowerCase();
    const user = email ? await people.slackUserFor(email).catch(() => undefined) : undefined;
    if (email && user) mentions[email] = user;
  }
  return mentions;
}

const USER_TTL_MS = 3600_000;
const lookup = z.looseObject({ user: z.looseObject({ id: z.string() }).optional() });

const dmKey = (user: string) => `dm-off:${user}`;

export async function assignmentDmsOn(store: Store, user: string): Promise<boolean> {
  return (await store.namespace('relay').get<number>(dmKey(user))) === undefined;
}

export async function setAssignmentDms(store: Store, user: string, on: boolean): Promise<void> {
  const s = store.namespace('relay');
  if (on) await s.delete(dmKey(user));
  else await s.set(dmKey(user), 1);
}

export function createAlertPeople(opts: {
  store: Store;
  client: Pick<WebClient, 'users' | 'chat'>;
  directory: Deps['directory'];
  log?: Logger;
}): AlertPeople {
  const s = opts.store.namespace('relay');
  const render = async (task: Task): Promise<RenderedMessage> => {
    const card = await renderCardFor({ directory: opts.directory }, task);
    return { text: card.text, blocks: card.blocks };
  };
  const people: AlertPeople = {
    async slackUserFor(email) {
      const norm = email.trim().toLowerCase();
      if (norm === '') return undefined;
      const cached = await s.get<{ id: string | null }>(`slack-user:${norm}`);
      if (cached) return cached.id ?? undefined;
      let id: string | null = null;
      try {
        id = lookup.parse(await opts.client.users.lookupByEmail({ email: norm })).user?.id ?? null;
      } catch (err) {
        // Nobody in this workspace has that email: the name is shown instead. Anything else is retried later.
        if (slackErrorCode(err) !== 'users_not_found') throw err;
      }
      await s.set(`slack-user:${norm}`, { id }, USER_TTL_MS);
      return id ?? undefined;
    },
    dmsWanted: (user) => assignmentDmsOn(opts.store, user),
    async tellAssignees(task) {
      const parsed = taskWire.safeParse(task);
      if (!parsed.success) return;
      const ctx = { alerts: s, client: opts.client, people, render, now: () => Date.now() };
      await tellAssignees(opts.log ? { ...ctx, log: opts.log } : ctx, toTask(parsed.data));
    },
  };
  return people;
}
