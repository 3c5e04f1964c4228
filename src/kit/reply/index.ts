/**
 * The one way fieldline replies to people (issue 36: one reply module). `tellPerson`: a note to one person,
 * ephemeral where they acted (in the thread, when given), else — no channel, the bot not a member, archived or
 * gone — a DM from the app (a failed DM is thrown). `postReply`/`updateReply`: where /reading and /source answers
 * go — a real message in the conversation (so charts and files can go into its thread), or the person's DM with
 * the app when the bot cannot post there. `deliver`: the error path's note to the person a request came from.
 * Posts to a response_url go through ./response-url.ts (Slack's hooks host only).
 */
import type { Block, KnownBlock } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import { fitMessage } from '../blocks/block-limits.ts';
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

export interface ReplyTarget {
  client: WebClient;
  channel: string;
  user: string;
  /** The command's or action's response_url: ephemeral notes to the user. */
  responseUrl?: string;
  threadTs?: string;
}

export interface Posted {
  channel: string;
  ts: string;
}

export interface Message {
  text: string;
  blocks?: object[];
}

const NOT_THERE = new Set(['not_in_channel', 'channel_not_found', 'is_archived', 'restricted_action']);

/** The Slack error code of a Web API failure (`data.error`), if it is one. */
export function slackErrorCode(err: unknown): string | undefined {
  if (err === null || typeof err !== 'object' || !('data' in err)) return undefined;
  const data = err.data;
  if (data === null || typeof data !== 'object' || !('error' in data)) return undefined;
  return typeof data.error === 'string' ? data.error : undefined;
}

export async function postReply(target: ReplyTarget, reply: Message): Promise<Posted> {
  const { client } = target;
  const message = fitMessage(reply);
  try {
    const res = await client.chat.postMessage({
      channel: target.channel,
      text: message.text,
      ...(message.blocks ? { blocks: message.blocks } : {}),
      ...(target.threadTs ? { thread_ts: target.threadTs } : {}),
      unfurl_links: false,
    });
    if (res.channel && res.ts) return { channel: res.channel, ts: res.ts };
  } catch (err) {
    if (!NOT_THERE.has(slackErrorCode(err) ?? '')) throw err;
  }
  await notify(target, 'I cannot post in this conversation, so the answer is in our DM.');
  const dm = await client.chat.postMessage({
    channel: target.user,
    text: message.text,
    ...(message.blocks ? { blocks: message.blocks } : {}),
  });
  if (!dm.channel || !dm.ts) throw new Error('chat.postMessage answered without channel or ts');
  return { channel: dm.channel, ts: dm.ts };
}

export async function updateReply(client: WebClient, posted: Posted, reply: Message): Promise<void> {
  const message = fitMessage(reply);
  await client.chat.update({
    channel: posted.channel,
    ts: posted.ts,
    text: message.text,
    ...(message.blocks ? { blocks: message.blocks } : {}),
  });
}

/** An ephemeral note to the user: through response_url when there is one, else chat.postEphemeral, else a DM. */
export async function notify(target: ReplyTarget, text: string, blocks?: object[]): Promise<void> {
  await tellPerson(target, { text, ...(blocks ? { blocks: blocks as Note['blocks'] } : {}) });
}

/**
 * Runs the work behind a progress message; when it fails, the progress message says so (instead of promising
 * work that will never finish) and the error goes on to the caller's error report.
 */
export async function behindProgress<T>(
  client: WebClient,
  posted: Posted,
  failure: string,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work();
  } catch (err) {
    await updateReply(client, posted, {
      text: failure,
      blocks: [{ type: 'context', elements: [{ type: 'mrkdwn', text: `:warning: ${failure}` }] }],
    }).catch(() => undefined);
    throw err;
  }
}

/** Where the person a request came from is: the error path's and a late refusal's target. */
export interface RequestPlace {
  client: WebClient;
  /** Where the user acted; absent for modals and global shortcuts (the user then gets a DM from the app). */
  channel?: string;
  user?: string;
  /** Preferred when present: works in channels the bot is not a member of. */
  responseUrl?: string;
  threadTs?: string;
}

/** Tells the person a request came from (where they acted, else the response_url): the error path's and a late refusal's. */
export async function deliver(target: RequestPlace, text: string, blocks?: unknown[]): Promise<void> {
  if (target.user) {
    const { client, user, channel, threadTs, responseUrl } = target;
    await tellPerson(
      {
        client,
        user,
        ...(channel ? { channel } : {}),
        ...(threadTs ? { threadTs } : {}),
        ...(responseUrl ? { responseUrl } : {}),
      },
      { text, ...(blocks ? { blocks: blocks as never } : {}) },
    );
    return;
  }
  if (target.responseUrl) {
    if (
      await postToResponseUrl(target.responseUrl, {
        response_type: 'ephemeral',
        replace_original: false,
        text,
        ...(blocks ? { blocks } : {}),
      })
    )
      return;
  }
  throw new Error('no user or channel to report the error to');
}
