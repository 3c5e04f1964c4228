/**
 * The one place that writes to a Slack `response_url` (a command's or an action's): JSON POST, bounded in time,
 * the answer drained so the connection is reused. Slack allows 5 uses within 30 minutes; an answer that is not
 * 2xx (used up, expired) is reported as `false` so the caller can fall back to the Web API.
 * The message is cut to Slack's block limits like every Web API send (./blocks/block-limits.ts).
 */
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

export async function postToResponseUrl(url: string, message: ResponseUrlMessage): Promise<boolean> {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(fitMessage(message as { text: string; blocks?: object[] })),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body?.cancel();
  return res.ok;
}
