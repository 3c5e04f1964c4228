/**
 * The driver's requests as Socket Mode envelopes, when the app is in Socket Mode: the same payloads Slack would
 * POST to the Request URL (../shared/slack/payloads/socket_mode.*.json): a slash command's form fields as a JSON
 * object (`slash_commands`, response accepted), an interaction's `payload` field parsed (`interactive`; Slack takes
 * a response for view submissions and option lists), an event_callback as is (`events_api`, with
 * `retry_attempt`/`retry_reason` where HTTP has the X-Slack-Retry-* headers). The ack payload is the result body,
 * as the HTTP ack body is ('' for a bare ack).
 */
import { SLACK_ACK_TIMEOUT_MS, type RawSend, type SendResult } from './driver-transport.ts';
import type { SocketModeHub } from './socket-mode.ts';
import type { Envelope } from './socket-mode-types.ts';
import type { StandinState } from './state.ts';
import type { JsonObject } from './types.ts';

/** Interactions whose ack payload Slack uses (errors/update for a view, options for a select). */
const RESPONSE_TYPES = new Set(['view_submission', 'block_suggestion']);

/** Driver kinds Slack never sends over Socket Mode (forged raw requests, url_verification): they stay on HTTP. */
export function goesOverSocket(kind: string): boolean {
  return kind !== 'raw' && kind !== 'url_verification';
}

function header(raw: RawSend, name: string): string | undefined {
  const found = Object.entries(raw.headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase());
  return found?.[1];
}

function envelopeFor(kind: string, raw: RawSend): Envelope {
  if (kind === 'event') {
    const retry = header(raw, 'X-Slack-Retry-Num');
    return {
      type: 'events_api',
      payload: JSON.parse(raw.body) as JsonObject,
      acceptsResponsePayload: false,
      retryAttempt: retry === undefined ? 0 : Number(retry),
      retryReason: header(raw, 'X-Slack-Retry-Reason') ?? '',
    };
  }
  const form = new URLSearchParams(raw.body);
  if (kind === 'command')
    return { type: 'slash_commands', payload: Object.fromEntries(form), acceptsResponsePayload: true };
  const payload = JSON.parse(form.get('payload') ?? '{}') as JsonObject;
  return {
    type: 'interactive',
    payload,
    acceptsResponsePayload: typeof payload.type === 'string' && RESPONSE_TYPES.has(payload.type),
  };
}

export async function sendOverSocket(
  deps: { socket: SocketModeHub; state: StandinState; now(): number },
  kind: string,
  raw: RawSend,
): Promise<SendResult> {
  const started = performance.now();
  const record = (status: number, response: unknown) =>
    deps.state.recordAppRequest({ kind, body: raw.body, status, response, at: deps.now() });
  try {
    const { ack } = await deps.socket.deliver(envelopeFor(kind, raw));
    const elapsedMs = performance.now() - started;
    const body = ack ?? '';
    record(200, body);
    return { status: 200, body, headers: {}, elapsedMs, tooSlow: elapsedMs > SLACK_ACK_TIMEOUT_MS };
  } catch (err) {
    record(0, { ok: false, error: (err as { code?: string }).code ?? 'dispatch_failed' });
    throw err;
  }
}
