/**
 * A note to one person: ephemeral in the channel where they acted (in the thread, when given), else — no
 * channel, or the bot is not a member, or it is archived or gone — a DM from the app. A failed DM is thrown.
 */
import type { Block, KnownBlock } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import { fitMessage } from './blocks/block-limits.ts';
import { postToResponseUrl } from './response-url.ts';

export interface Audience {
  user: string;
  channel?: string;
  threadTs?: string;
}

export interface Note {
  text: string;
  blocks?: (KnownBlock | Block)[];
}

/** Where a note to one person can go, best first: the request's response_url, then ephemeral, then a DM. */
export interface PersonTarget extends Audience {
  client: WebClient;
  responseUrl?: string;
}

/**
 * The one "reply to this person" path: an ephemeral answer through the response_url when the request has one
 * (works even where the bot is not a member), else `tellUser` (ephemeral in the channel, else a DM).
 */
export async function tellPerson(target: PersonTarget, note: Note): Promise<void> {
  if (target.responseUrl) {
    const ok = await postToResponseUrl(target.responseUrl, {
      response_type: 'ephemeral',
      replace_original: false,
      text: note.text,
      ...(note.blocks ? { blocks: note.blocks } : {}),
    });
    if (ok) return;
  }
  const { client, user, channel, threadTs } = target;
  await tellUser(client, { user, ...(channel ? { channel } : {}), ...(threadTs ? { threadTs } : {}) }, note);
}

export async function tellUser(
  client: WebClient,
  to: Audience,
  given: Note,
  onEphemeralFailed: (err: unknown) => void = () => undefined,
): Promise<void> {
  const note = fitMessage(given);
  const blocks = note.blocks ? { blocks: note.blocks } : {};
  if (to.channel) {
    try {
      await client.chat.postEphemeral({
        channel: to.channel,
        user: to.user,
        text: note.text,
        ...blocks,
        ...(to.threadTs ? { thread_ts: to.threadTs } : {}),
      });
      return;
    } catch (err) {
      onEphemeralFailed(err);
    }
  }
  await client.chat.postMessage({ channel: to.user, text: note.text, ...blocks });
}
