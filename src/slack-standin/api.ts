/**
 * POST /api/<method>: authentication, injected failures, the check against Slack's published arguments
 * (web-api-check.ts, when the spec is there), dispatch, and the record of every call.
 * Answers like Slack: HTTP 200 with {ok:true,…} or {ok:false, error}; 429 + Retry-After for `ratelimited`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { BodyError, isMultipart, parseArgs, parseMultipart, readRaw } from './http-body.ts';
import type { Injections } from './inject.ts';
import { ApiError, type MethodContext, type MethodHandler } from './methods/context.ts';
import { chatMethods } from './methods/chat.ts';
import { directoryMethods } from './methods/directory.ts';
import { fileMethods } from './methods/files.ts';
import { historyMethods } from './methods/history.ts';
import { viewMethods } from './methods/views.ts';
import type { JsonObject } from './types.ts';
import type { WebApiCheck } from './web-api-check.ts';
import type { SocketModeHub } from './socket-mode.ts';

export const METHODS: Record<string, MethodHandler> = {
  ...chatMethods,
  ...viewMethods,
  ...directoryMethods,
  ...fileMethods,
  ...historyMethods,
};

export interface ApiDeps {
  ctx: MethodContext;
  injections: Injections;
  botToken: string;
  /** Slack's published arguments; absent: every argument reaches the method (no ../shared spec) */
  spec?: WebApiCheck;
  /** Socket Mode: answers apps.connections.open (app-level token only) */
  socket?: SocketModeHub;
}

interface Outcome {
  status: number;
  body: JsonObject;
  retryAfterSeconds?: number;
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', ...headers });
  res.end(text);
}

/** The bearer token of a request: `Authorization: Bearer …` first, then a `token` argument (Slack accepts both). */
export function bearerToken(req: IncomingMessage, args: JsonObject = {}): string | undefined {
  const header = req.headers.authorization;
  if (typeof header === 'string' && header.startsWith('Bearer '))
    return header.slice('Bearer '.length).trim();
  return typeof args.token === 'string' && args.token !== '' ? args.token : undefined;
}

async function readArgs(req: IncomingMessage): Promise<JsonObject> {
  const raw = await readRaw(req);
  const contentType = req.headers['content-type'];
  if (isMultipart(contentType)) return (await parseMultipart(req.headers, raw)).fields;
  return parseArgs(contentType, raw);
}

function injectedOutcome(injected: NonNullable<ReturnType<Injections['take']>>): Outcome {
  return {
    status: injected.status,
    body: { ok: false, error: injected.error },
    ...(injected.retryAfterSeconds !== undefined ? { retryAfterSeconds: injected.retryAfterSeconds } : {}),
  };
}

async function outcomeFor(
  method: string,
  args: JsonObject,
  token: string | undefined,
  deps: ApiDeps,
): Promise<Outcome> {
  // Socket Mode's own method, with the app-level token (not in the 2020 spec file: checked by the hub).
  if (method === 'apps.connections.open' && deps.socket) {
    const injected = deps.injections.take(method, undefined);
    return injected ? injectedOutcome(injected) : { status: 200, body: deps.socket.connectionsOpen(token) };
  }
  if (token === undefined) return { status: 200, body: { ok: false, error: 'not_authed' } };
  if (token === deps.socket?.appToken)
    return { status: 200, body: { ok: false, error: 'not_allowed_token_type' } };
  if (token !== deps.botToken) return { status: 200, body: { ok: false, error: 'invalid_auth' } };
  const channel = [args.channel, args.channel_id].find((c): c is string => typeof c === 'string');
  const injected = deps.injections.take(method, channel);
  if (injected) return injectedOutcome(injected);
  const handler = METHODS[method];
  const checked = deps.spec?.check(method, args) ?? { args };
  if (checked.rejection) return { status: 200, body: checked.rejection };
  if (!handler) return { status: 200, body: { ok: false, error: 'unknown_method' } };
  try {
    return { status: 200, body: await handler(checked.args, deps.ctx) };
  } catch (err) {
    if (err instanceof ApiError) return { status: 200, body: { ok: false, error: err.error, ...err.extra } };
    throw err;
  }
}

export async function handleApiCall(
  req: IncomingMessage,
  res: ServerResponse,
  method: string,
  deps: ApiDeps,
): Promise<void> {
  let args: JsonObject;
  try {
    args = await readArgs(req);
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    const error = err.code === 'invalid_json' ? 'invalid_json' : 'invalid_form_data';
    sendJson(res, 200, { ok: false, error });
    return;
  }
  const token = bearerToken(req, args);
  const { token: _token, ...recordedArgs } = args;
  const outcome = await outcomeFor(method, args, token, deps);
  deps.ctx.state.recordCall({
    method,
    args: recordedArgs,
    response: outcome.body,
    status: outcome.status,
    at: deps.ctx.now(),
  });
  const headers: Record<string, string> = {};
  if (outcome.retryAfterSeconds !== undefined) headers['Retry-After'] = String(outcome.retryAfterSeconds);
  sendJson(res, outcome.status, outcome.body, headers);
}
