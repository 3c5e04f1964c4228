/**
 * A note to one person: ephemeral in the channel where they acted (in the thread, when given), else — no
 * channel, or the bot is not a member, or it is archived or gone — a DM from the app. A failed DM is thrown.
 */
import type { Block, KnownBlock } from '@slack/types';
import type { WebClient } from '@slack/web-api';

export interface Audience {
  user: string;
  channel?: string;
  threadTs?: string;
}

export interface Note {
  text: string;
  blocks?: (KnownBlock | Block)[];
}

export async function tellUser(
  client: WebClient,
  to: Audience,
  note: Note,
  onEphemeralFailed: (err: unknown) => void = () => undefined,
): Promise<void> {
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
