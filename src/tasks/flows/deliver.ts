/**
 * Where task cards and notes go. A card is a normal message (so chat.update can change it in place): in the
 * origin message's thread, in the channel where /task was typed, or — when the bot cannot post there — in the
 * person's DM with the app. Notes to one person are ephemeral in the channel, else a DM.
 */
import type { WebClient } from '@slack/web-api';
import { systemClock, type Deps } from '../../base/deps.ts';
import type { Task } from '../../monitoring/api.ts';
import { renderTaskCard, type Rendered } from '../render/task-card.ts';
import { postToResponseUrl } from '../../kit/reply/response-url.ts';
import type { Audience } from '../../kit/reply/index.ts';

export interface CardPlace {
  channel: string;
  ts: string;
  /** Set when the card is itself a reply (posted in the origin message's thread): notes go to that thread. */
  threadTs?: string;
}

export { tellUser, type Audience } from '../../kit/reply/index.ts';

/** `clock`: the instant the card shows the task at (overdue or not); the system clock when a caller has none. */
export async function renderCardFor(
  deps: Pick<Deps, 'directory'> & Partial<Pick<Deps, 'clock'>>,
  task: Task,
): Promise<Rendered> {
  // Cheap when every status is known; otherwise one throttled scan of GET /tasks to learn the missing ids.
  await deps.directory.statuses.refresh().catch(() => undefined);
  const site = task.site ? await deps.directory.site(task.site.id).catch(() => undefined) : undefined;
  return renderTaskCard(task, {
    timeZone: site?.timeZone ?? null,
    statuses: deps.directory.statuses,
    nowMs: (deps.clock ?? systemClock).now(),
  });
}

function tsOf(
  result: { ts?: string; channel?: string },
  fallbackChannel: string,
  threadTs?: string,
): CardPlace | undefined {
  if (!result.ts) return undefined;
  return { channel: result.channel ?? fallbackChannel, ts: result.ts, ...(threadTs ? { threadTs } : {}) };
}

export async function postCard(client: WebClient, to: Audience, card: Rendered): Promise<CardPlace> {
  if (to.channel) {
    try {
      const posted = await client.chat.postMessage({
        channel: to.channel,
        text: card.text,
        blocks: card.blocks,
        ...(to.threadTs ? { thread_ts: to.threadTs } : {}),
        unfurl_links: false,
      });
      const place = tsOf(posted, to.channel, to.threadTs);
      if (place) return place;
    } catch {
      // Not a member, archived or gone: the person still gets the card, in their DM with the app.
    }
  }
  const dm = await client.chat.postMessage({
    channel: to.user,
    text: card.text,
    blocks: card.blocks,
    unfurl_links: false,
  });
  const place = tsOf(dm, to.user);
  if (!place) throw new Error('chat.postMessage returned no ts');
  return place;
}

/** A reply in the card's thread saying who changed what. */
export async function noteInThread(client: WebClient, place: CardPlace, text: string): Promise<void> {
  // Slack threads are one level deep: a card that is a reply gets its notes in the same thread.
  await client.chat.postMessage({ channel: place.channel, thread_ts: place.threadTs ?? place.ts, text });
}

/** Replaces an ephemeral card through its response_url (the only way to change an ephemeral message). */
export async function replaceViaResponseUrl(responseUrl: string, message: Rendered): Promise<void> {
  const ok = await postToResponseUrl(responseUrl, {
    replace_original: true,
    response_type: 'ephemeral',
    ...message,
  });
  if (!ok) throw new Error('response_url refused the replacement');
}
