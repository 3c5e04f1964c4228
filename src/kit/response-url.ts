/**
 * The one place that writes to a Slack `response_url` (a command's or an action's): JSON POST, bounded in time,
 * the answer drained so the connection is reused. Slack allows 5 uses within 30 minutes; an answer that is not
 * 2xx (used up, expired) is reported as `false` so the caller can fall back to the Web API.
 * The message is cut to Slack's block limits like every Web API send (./blocks/block-limits.ts).
 *
 * undici's `request` rather than `fetch`: the same client without WHATWG streams, a fraction of the CPU per post
 * (issue 18). Listeners' `respond()` goes through here too (`respondVia`, installed by ./listener-table.ts).
 */
import { RespondError, type RespondArguments } from '@slack/bolt';
import { request } from 'undici';
import { fitMessage } from './blocks/block-limits.ts';

export interface ResponseUrlMessage {
  text: string;
  blocks?: unknown[];
  response_type?: 'ephemeral' | 'in_channel';
  replace_original?: boolean;
  delete_original?: boolean;
  thread_ts?: string;
}

const TIMEOUT_MS = 5_000;

async function post(url: string, message: object): Promise<number> {
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fitMessage(message as { text?: string; blocks?: object[] })),
    headersTimeout: TIMEOUT_MS,
    bodyTimeout: TIMEOUT_MS,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body.dump();
  return res.statusCode;
}

const ok = (status: number) => status >= 200 && status < 300;

export async function postToResponseUrl(url: string, message: ResponseUrlMessage): Promise<boolean> {
  return ok(await post(url, message));
}

/**
 * Bolt's `respond` for one request, same contract: a string is `{ text }`, and an answer that is not 2xx throws
 * (an expired or used-up response_url reaches the app's error handling).
 */
export function respondVia(url: string): (message: string | RespondArguments) => Promise<void> {
  return async (message: string | RespondArguments) => {
    const status = await post(url, typeof message === 'string' ? { text: message } : message);
    if (!ok(status)) throw new RespondError(`Failed to respond to the response_url: ${status}`, status);
  };
}
