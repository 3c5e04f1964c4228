/**
 * Sending to the app like Slack: POST to the Request URL, signed (`X-Slack-Signature`,
 * `X-Slack-Request-Timestamp`), form bodies for commands/interactivity and JSON for events. Returns the HTTP
 * status and the parsed ack body. Raw sends let tests forge bad signatures or stale timestamps.
 */
import { signedHeaders } from './signing.ts';
import type { StandinState } from './state.ts';
import { DriverError } from './payloads.ts';
import { goesOverSocket, sendOverSocket } from './socket-delivery.ts';
import type { SocketModeHub } from './socket-mode.ts';

export interface SendResult {
  status: number;
  /** parsed JSON when the app answered JSON, the text otherwise ('' for an empty ack) */
  body: unknown;
  headers: Record<string, string>;
  /** Slack gives up after 3 s (then shows an error or retries an event) */
  elapsedMs: number;
  tooSlow: boolean;
}

export interface RawSend {
  body: string;
  contentType?: string;
  /** seconds; default the wall clock (the app compares it with its own) */
  timestamp?: number;
  /** override the computed signature (use '' to omit the header) */
  signature?: string;
  /** sign with this secret instead of the right one */
  signingSecret?: string;
  headers?: Record<string, string>;
  /** omit both signing headers */
  unsigned?: boolean;
}

export interface TransportDeps {
  state: StandinState;
  signingSecret: string;
  appUrl(): string | undefined;
  now(): number;
  timeoutMs: number;
  /** the app's Socket Mode: while it is on, requests go as envelopes over the app's connections */
  socket?: SocketModeHub;
  /** rewrites a request as coming from the workspace in use (issue 39: ./oauth/stamp.ts) */
  stamp?(body: string, contentType: string | undefined): string;
}

export const SLACK_ACK_TIMEOUT_MS = 3000;

/** `http://host:port` → `http://host:port/slack/events`; a URL with a path is used as given. */
export function requestUrl(appUrl: string): string {
  const url = new URL(appUrl);
  if (url.pathname === '/' || url.pathname === '') url.pathname = '/slack/events';
  return url.toString();
}

export async function send(deps: TransportDeps, kind: string, given: RawSend): Promise<SendResult> {
  // A raw send is sent exactly as given (tests forge requests with it).
  const raw =
    deps.stamp && kind !== 'raw' ? { ...given, body: deps.stamp(given.body, given.contentType) } : given;
  if (deps.socket?.enabled && goesOverSocket(kind))
    return sendOverSocket({ socket: deps.socket, state: deps.state, now: deps.now }, kind, raw);
  const appUrl = deps.appUrl();
  if (!appUrl) throw new DriverError('the stand-in has no app URL yet: call setAppUrl(url) first');
  // Wall-clock time, not the injected clock: the app checks the timestamp against its own clock (5 min window).
  const ts = raw.timestamp ?? Math.floor(Date.now() / 1000);
  const headers: Record<string, string> = {
    'Content-Type': raw.contentType ?? 'application/x-www-form-urlencoded',
    'User-Agent': 'Slackbot 1.0 (+https://api.slack.com/robots)',
  };
  if (!raw.unsigned) {
    const signed = signedHeaders(raw.signingSecret ?? deps.signingSecret, ts, raw.body);
    headers['X-Slack-Request-Timestamp'] = signed['X-Slack-Request-Timestamp'] ?? String(ts);
    if (raw.signature !== '')
      headers['X-Slack-Signature'] = raw.signature ?? signed['X-Slack-Signature'] ?? '';
  }
  Object.assign(headers, raw.headers);
  const started = performance.now();
  const response = await fetch(requestUrl(appUrl), {
    method: 'POST',
    headers,
    body: raw.body,
    signal: AbortSignal.timeout(deps.timeoutMs),
  });
  const text = await response.text();
  const elapsedMs = performance.now() - started;
  const body = parseBody(text, response.headers.get('content-type'));
  const responseHeaders: Record<string, string> = {};
  response.headers.forEach((value, key) => {
    responseHeaders[key] = value;
  });
  deps.state.recordAppRequest({
    kind,
    body: raw.body,
    status: response.status,
    response: body,
    at: deps.now(),
  });
  return {
    status: response.status,
    body,
    headers: responseHeaders,
    elapsedMs,
    tooSlow: elapsedMs > SLACK_ACK_TIMEOUT_MS,
  };
}

function parseBody(text: string, contentType: string | null): unknown {
  if (text === '') return '';
  if (contentType?.includes('json') || /^[[{]/.test(text.trim())) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text;
}

export function formBody(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

export function payloadBody(payload: unknown): string {
  return new URLSearchParams({ payload: JSON.stringify(payload) }).toString();
}
