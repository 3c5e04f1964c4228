/**
 * POST /api/<method>: authentication, injected failures, the check against Slack's published arguments
 * (web-api-check.ts, when the spec is there), dispatch, and the record of every call.
 * Answers like Slack: HTTP 200 with {ok:true,…} or {ok:false, error}; 429 + Retry-After for `ratelimited`.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { BodyError, isMultipart, parseArgs, parseMultipart, readRaw } from './http-body.ts';
import type { Injections } from './inject.ts';
import { ApiError, type MethodContext, type MethodHandler } from './methods/context.ts';
import { chatMethods } from './methods/chat.ts';
import { directoryMethods } from './methods/directory.ts';
import { fileMethods } from './methods/files.ts';
import { historyMethods } from './methods/history.ts';
import { membershipMethods } from './methods/membership.ts';
import { viewMethods } from './methods/views.ts';
import type { JsonObject } from './types.ts';
import type { WebApiCheck } from './web-api-check.ts';
import type { SocketModeHub } from './socket-mode.ts';
import type { StandinWorkspaces } from './oauth/index.ts';

export const METHODS: Record<string, MethodHandler> = {
  ...chatMethods,
  ...viewMethods,
  ...directoryMethods,
  ...fileMethods,
  ...historyMethods,
  ...membershipMethods,
};

export interface ApiDeps {
  ctx: MethodContext;
  injections: Injections;
  botToken: string;
  /** Slack's published arguments; absent: every argument reaches the method (no ../shared spec) */
  spec?: WebApiCheck;
  /** Socket Mode: answers apps.connections.open (app-level token only) */
  socket?: SocketModeHub;
  /** OAuth (issue 39): oauth.v2.access, and every token it issued accepted for its installation */
  workspaces?: StandinWorkspaces;
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
  // The app's own credentials, no token (installs and token rotation).
  if (method === 'oauth.v2.access' && deps.workspaces) {
    const checked = deps.spec?.check(method, args) ?? { args };
    return { status: 200, body: checked.rejection ?? deps.workspaces.oauth.access(checked.args) };
  }
  if (token === undefined) return { status: 200, body: { ok: false, error: 'not_authed' } };
  if (token === deps.socket?.appToken)
    return { status: 200, body: { ok: false, error: 'not_allowed_token_type' } };
  let ctx = deps.ctx;
  // A custom step run's own token (./functions.ts): valid while its run is running.
  const run = token.startsWith('xwfp-') ? deps.ctx.functions?.runOfToken(token) : undefined;
  if (token.startsWith('xwfp-') && run?.state !== 'running')
    return { status: 200, body: { ok: false, error: run ? 'token_expired' : 'invalid_auth' } };
  if (run) {
    ctx = { ...deps.ctx, functionExecution: run.id };
    if (deps.workspaces) {
      const caller = deps.workspaces.callerOf(deps.botToken);
      if (!('error' in caller)) ctx = { ...ctx, caller };
    }
  } else if (deps.workspaces) {
    const caller = deps.workspaces.callerOf(token);
    if ('error' in caller) return { status: 200, body: { ok: false, error: caller.error } };
    ctx = { ...deps.ctx, caller };
    deps.workspaces.oauth.noteCall(method, token);
  } else if (token !== deps.botToken) return { status: 200, body: { ok: false, error: 'invalid_auth' } };
  const channel = [args.channel, args.channel_id].find((c): c is string => typeof c === 'string');
  const late = deps.injections.delay(method, channel);
  if (late > 0) await sleep(late);
  const injected = deps.injections.take(method, channel);
  if (injected?.delayMs) await sleep(injected.delayMs);
  if (injected) return injectedOutcome(injected);
  const handler = METHODS[method] ?? deps.ctx.functions?.methods()[method];
  const checked = deps.spec?.check(method, args) ?? { args };
  if (checked.rejection) return { status: 200, body: checked.rejection };
  if (!handler) return { status: 200, body: { ok: false, error: 'unknown_method' } };
  try {
    const body = await handler(checked.args, ctx);
    // What a run's token posts carries the run (its buttons come back with function_data).
    if (
      run &&
      method === 'chat.postMessage' &&
      typeof body.channel === 'string' &&
      typeof body.ts === 'string'
    ) {
      const posted = ctx.state.message(body.channel, body.ts);
      if (posted) posted.functionExecution = run.id;
    }
    return { status: 200, body };
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
  // Never a secret in the record of calls (the console shows it).
  const { token: _token, client_secret: _secret, refresh_token: _refresh, ...recordedArgs } = args;
  const outcome = await outcomeFor(method, args, token, deps);
  deps.ctx.state.recordCall({
    method,
    args: recordedArgs,
    response:
      method === 'oauth.v2.access'
        ? { ...outcome.body, access_token: '…', refresh_token: '…' }
        : outcome.body,
    status: outcome.status,
    at: deps.ctx.now(),
  });
  const headers: Record<string, string> = {};
  if (outcome.retryAfterSeconds !== undefined) headers['Retry-After'] = String(outcome.retryAfterSeconds);
  sendJson(res, outcome.status, outcome.body, headers);
}
