/**
 * Where /reading and /source answers go: a real message in the conversation (so charts and files can go into
 * its thread), or the user's DM with the app when the bot cannot post there.
 */
import type { WebClient } from '@slack/web-api';
import { fitMessage } from './blocks/block-limits.ts';
import { tellPerson, type Note } from './tell-user.ts';

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
