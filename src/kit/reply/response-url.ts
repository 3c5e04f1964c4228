/**
 * The one place that writes to a Slack `response_url` (a command's or an action's): JSON POST, bounded in time,
 * the answer drained so the connection is reused. Slack allows 5 uses within 30 minutes; an answer that is not
 * 2xx (used up, expired) is reported as `false` so the caller can fall back to the Web API.
 * The message is cut to Slack's block limits like every Web API send (./blocks/block-limits.ts).
 *
 * undici's `request` rather than `fetch`: the same client without WHATWG streams, a fraction of the CPU per post
 * (issue 18). Listeners' `respond()` goes through here too (`respondVia`, installed by ./listener-table.ts).
 *
 * A response_url is a value from a request, not an authority (issue 37): it is posted to only when it is Slack's
 * (https://hooks.slack.com) or an origin the app accepted at start (`acceptResponseUrlOrigin`: the stand-in's).
 * Anything else is refused like a used-up URL, so every caller falls back the way it already does.
 */
import { RespondError, type RespondArguments } from '@slack/bolt';
import { request } from 'undici';
import type { Logger } from '../../base/log.ts';
import { fitMessage } from '../blocks/block-limits.ts';

export interface ResponseUrlMessage {
  text: string;
  blocks?: unknown[];
  response_type?: 'ephemeral' | 'in_channel';
  replace_original?: boolean;
  delete_original?: boolean;
  thread_ts?: string;
}

const TIMEOUT_MS = 5_000;

/** Where Slack's own response_urls point. */
export const SLACK_HOOKS_ORIGIN = 'https://hooks.slack.com';
/** Slack's Web API host: it issues no response_urls, so the default SLACK_API_URL adds no origin. */
const SLACK_API_ORIGIN = 'https://slack.com';

/**
 * Origins accepted besides Slack's, each with how many running apps accepted it: several apps may share a
 * process (tests' harnesses), and one stopping must not take another's away. Module state because the posts
 * happen deep in features' flows that are handed only the URL.
 */
const accepted = new Map<string, number>();
const refusalLogs: Logger[] = [];

/** The origin of the app's Slack Web API base when it is not Slack's own (the stand-in's, in tests and local mode). */
export function responseUrlOriginOf(slackApiUrl: string | undefined): string | undefined {
  if (slackApiUrl === undefined) return undefined;
  const origin = new URL(slackApiUrl).origin;
  return origin === SLACK_API_ORIGIN ? undefined : origin;
}

/**
 * Accepts response_urls of `origin` (besides Slack's) until the returned function is called, and reports refused
 * ones in `log`. Called by the Slack app at start with its Web API base's origin.
 */
export function acceptResponseUrlOrigin(origin: string | undefined, log: Logger): () => void {
  if (origin !== undefined) accepted.set(origin, (accepted.get(origin) ?? 0) + 1);
  refusalLogs.push(log);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const left = origin === undefined ? 0 : (accepted.get(origin) ?? 0) - 1;
    if (origin !== undefined && left > 0) accepted.set(origin, left);
    else if (origin !== undefined) accepted.delete(origin);
    refusalLogs.splice(refusalLogs.lastIndexOf(log), 1);
  };
}

/** Whether fieldline may post to the URL, and its origin (what a refusal may log of it). */
function allowedOrigin(url: string): { ok: boolean; origin: string } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return { ok: false, origin: 'unparseable' };
  }
  const origin = parsed.origin;
  // Credentials in the URL are never Slack's, whatever the host.
  const ok = !parsed.username && !parsed.password && (origin === SLACK_HOOKS_ORIGIN || accepted.has(origin));
  return { ok, origin };
}

/** Status of a refused post: not 2xx, so callers take their "the response_url failed" path. */
const REFUSED = 0;

async function post(url: string, message: object): Promise<number> {
  const { ok: allowed, origin } = allowedOrigin(url);
  if (!allowed) {
    // The origin only: a response_url's path is a credential for that conversation.
    refusalLogs.at(-1)?.warn({ origin }, 'response_url refused: not a Slack response_url');
    return REFUSED;
  }
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
    if (status === REFUSED)
      throw new RespondError('Refused to respond to a response_url that is not Slack’s', 0);
    if (!ok(status)) throw new RespondError(`Failed to respond to the response_url: ${status}`, status);
  };
}
