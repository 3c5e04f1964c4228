/**
 * "Post the card in" (the create modal opened where Slack names no conversation: New task, the Home tab). The
 * conversation there is a value the person picked, not the container Slack signed as where they acted, so the
 * card goes there only when Slack says they are a member (issue 37: "no Slack value is authority"). Asked of Slack
 * through the bot (conversations.members, a bounded number of pages); a definite answer is kept briefly.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { BaseDeps } from '../../base/deps.ts';
import { inputOf } from '../../kit/blocks/view-state.ts';
import type { CreateMeta } from '../render/task-create-modal.ts';
import { TASK_FIELD } from '../render/task-ids.ts';
import type { ViewState } from './task-form.ts';

export type PostInVerdict =
  /** Slack lists the person among the conversation's members. */
  | 'member'
  /** Slack listed every member and the person is not one of them. */
  | 'not-member'
  /** A DM: only the person's own DM with fieldline counts, which is where the card then goes (checked there). */
  | 'dm'
  /** fieldline cannot tell: the bot cannot see the conversation, it has too many members, or Slack failed. */
  | 'unknown';

/** The conversation picked, with Slack's response_url for it (Slack's own way to answer the person there). */
export interface PickedConversation {
  channel: string;
  responseUrl?: string;
}

export interface CheckedPostIn extends PickedConversation {
  verdict: PostInVerdict;
}

export const NOT_MEMBER_TEXT =
  'You are not a member of that conversation, so fieldline will not post the card there. Pick one you are in, or clear this field to get the card in your DM.';
/** Said in the card's thread (the person's DM) when the picked conversation was refused after the ack. */
export const POST_IN_NOTES: Record<Exclude<PostInVerdict, 'member'>, string> = {
  'not-member':
    'This card is in your DM because you are not a member of the conversation you picked in “Post the card in”.',
  dm: 'This card is in your DM: fieldline posts a card in a DM only when it is your own DM with fieldline.',
  unknown:
    'This card is in your DM: fieldline could not confirm that you are a member of the conversation you picked in “Post the card in” (it may not be in it itself).',
};

/** A channel or group id as Slack writes them (a user id would make chat.postMessage open that user's DM). */
const CHANNEL_ID = /^[CG][A-Z0-9]{1,40}$/;
const PAGE_SIZE = 1000;
/** Up to 5,000 members are read; a bigger conversation counts as unknown (the card goes to the DM). */
const MAX_PAGES = 5;
/** A person who leaves a conversation can still be sent cards there for at most this long. */
const KEEP_MS = 60_000;

const responseUrls = z.array(
  z.looseObject({ channel_id: z.string(), response_url: z.string(), block_id: z.string().optional() }),
);

/**
 * The conversation picked in "Post the card in", read only when the modal offered that field (fieldline's own
 * metadata names no place): a submission naming one anyway, beside a signed origin, is not read.
 */
export function pickedConversation(
  values: ViewState['values'],
  body: unknown,
  meta: CreateMeta,
): PickedConversation | undefined {
  if (meta.origin || meta.replyChannel) return undefined;
  const channel = inputOf(values, TASK_FIELD.postIn)?.selected_conversation;
  if (!channel) return undefined;
  const raw = body !== null && typeof body === 'object' && 'response_urls' in body ? body.response_urls : [];
  const urls = responseUrls.safeParse(raw);
  const url = urls.success ? urls.data.find((u) => u.channel_id === channel)?.response_url : undefined;
  return { channel, ...(url ? { responseUrl: url } : {}) };
}

export async function checkPostIn(
  deps: Pick<BaseDeps, 'store' | 'log'>,
  client: WebClient,
  channel: string,
  user: string,
): Promise<PostInVerdict> {
  if (/^D[A-Z0-9]{1,40}$/.test(channel)) return 'dm';
  if (!CHANNEL_ID.test(channel)) return 'unknown';
  const kept = deps.store.namespace('task-post-in');
  const key = `${channel}:${user}`;
  const known = await kept.get<PostInVerdict>(key).catch(() => undefined);
  if (known === 'member' || known === 'not-member') return known;
  const verdict = await membership(client, channel, user).catch((err: unknown) => {
    deps.log.debug({ err, channel }, 'conversation members unavailable');
    return 'unknown' as const;
  });
  if (verdict !== 'unknown') await kept.set(key, verdict, KEEP_MS).catch(() => undefined);
  return verdict;
}

async function membership(client: WebClient, channel: string, user: string): Promise<PostInVerdict> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const res = await client.conversations.members({
      channel,
      limit: PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    });
    if (res.members?.includes(user)) return 'member';
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) return 'not-member';
  }
  return 'unknown';
}
