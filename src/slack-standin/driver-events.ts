/**
 * Events API deliveries: the event_callback envelope (event_id, authorizations) and Slack's retry headers.
 * A user's message event also lands in the channel's history, so later calls (permalink, thread replies)
 * find it like in Slack.
 */
import { randomBytes } from 'node:crypto';
import { eventEnvelope, slackNowTs } from './payloads.ts';
import type { StandinState } from './state.ts';
import type { JsonObject } from './types.ts';

export interface EventOptions {
  retryNum?: number;
  /** http_timeout | too_many_redirects | connection_failed | ssl_error | http_error | unknown_error */
  retryReason?: string;
  eventId?: string;
}

export function eventRequest(
  state: StandinState,
  event: JsonObject,
  opts: EventOptions,
  now: number,
): { envelope: JsonObject; headers: Record<string, string> } {
  const full: JsonObject = { ...event, event_ts: event.event_ts ?? slackNowTs(now) };
  if (full.type === 'message' && full.ts === undefined) full.ts = state.nextTs();
  if (full.type === 'message' && full.subtype === undefined) storeUserMessage(state, full);
  const envelope = eventEnvelope(
    full,
    opts.eventId ?? `Ev${randomBytes(5).toString('hex').toUpperCase()}`,
    now,
  );
  const headers: Record<string, string> = {};
  if (opts.retryNum !== undefined) headers['X-Slack-Retry-Num'] = String(opts.retryNum);
  if (opts.retryReason !== undefined) headers['X-Slack-Retry-Reason'] = opts.retryReason;
  return { envelope, headers };
}

function storeUserMessage(state: StandinState, event: JsonObject): void {
  const channel = typeof event.channel === 'string' ? event.channel : undefined;
  const ts = String(event.ts);
  if (!channel || !state.channel(channel) || state.message(channel, ts)) return;
  state.addMessage({
    channel,
    ts,
    user: typeof event.user === 'string' ? event.user : '',
    text: typeof event.text === 'string' ? event.text : '',
    via: 'event',
    ...(typeof event.thread_ts === 'string' ? { thread_ts: event.thread_ts } : {}),
    ...(Array.isArray(event.files) ? { files: event.files.map(String) } : {}),
  });
}
