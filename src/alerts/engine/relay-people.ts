/**
 * The people the relay tells about tasks: an assignee's Slack user (the same email match the people directory
 * uses for assignment, asked the other way round: `users.lookupByEmail`, remembered for an hour), whether they
 * turned assignment DMs off on App Home, and the tasks feature's card for the DM.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { Store } from '../../store/store.ts';
import { taskWire, toTask } from '../../monitoring/task-schema.ts';
import type { Deps } from '../../deps.ts';
import { slackErrorCode } from '../../kit/reply.ts';
import { renderCardFor } from '../../tasks/index.ts';
import type { RenderedMessage } from '../render/alert-message.ts';

export interface RelayPeople {
  slackUserFor(email: string): Promise<string | undefined>;
  /** False when the person turned assignment DMs off on App Home. */
  dmsWanted(user: string): Promise<boolean>;
  /** The tasks feature's card (with its buttons) for a task the relay read; null when it cannot be read. */
  taskCard(task: unknown): Promise<RenderedMessage | null>;
}

/** The outbox "channel" of assignment DMs: each item names its assignee; one paced queue for all of them. */
export const DM_OUTBOX = '@assignees';

/** One assignment, as both the relay's poll and the Slack path name it (so only one of them DMs). */
export function assignmentEventId(
  taskId: string,
  assigneeId: string | null,
  modifiedAt: string | null,
): string {
  return `assigned:${taskId}:${assigneeId ?? ''}:${modifiedAt ?? ''}`;
}

/**
 * Slack mentions of the assignees of these tasks, by lower-case email (one cached `slackUserFor` each); an
 * assignee not found, or a lookup that failed, keeps their name. The digest, its "and N more" and `/monitor
 * digest now` share it.
 */
export async function assigneeMentions(
  people: RelayPeople | undefined,
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

export function createRelayPeople(opts: {
  store: Store;
  client: Pick<WebClient, 'users'>;
  directory: Deps['directory'];
}): RelayPeople {
  const s = opts.store.namespace('relay');
  return {
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
    async taskCard(task) {
      const parsed = taskWire.safeParse(task);
      if (!parsed.success) return null;
      const card = await renderCardFor({ directory: opts.directory }, toTask(parsed.data));
      return { text: card.text, blocks: card.blocks };
    },
  };
}
