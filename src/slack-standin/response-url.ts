/**
 * response_url endpoints the driver hands to the app with each command / interaction. Slack: POST JSON with
 * text/blocks, `response_type` ephemeral (default) or in_channel, `replace_original`, `delete_original`;
 * usable 5 times within 30 minutes. Every use is recorded as a call (`method: 'response_url'`) and lands as a
 * message in the channel.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import { sendJson } from './api.ts';
import { BodyError, parseArgs, readRaw } from './http-body.ts';
import type { Injections } from './inject.ts';
import { ApiError, type MethodContext } from './methods/context.ts';
import { messageContent, storeBotMessage } from './methods/message-content.ts';
import type { JsonObject } from './types.ts';

export const RESPONSE_URL_MAX_USES = 5;
export const RESPONSE_URL_TTL_MS = 30 * 60 * 1000;

export interface ResponseUrlOrigin {
  channel: string;
  user: string;
  /** the message the interaction came from (block_actions on a message, message shortcuts) */
  messageTs?: string;
  threadTs?: string;
}

interface Entry extends ResponseUrlOrigin {
  uses: number;
  createdAt: number;
}

export class ResponseUrls {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number) {}

  issue(baseUrl: string, origin: ResponseUrlOrigin): string {
    const id = randomBytes(12).toString('hex');
    this.entries.set(id, { ...origin, uses: 0, createdAt: this.now() });
    return `${baseUrl}response/${id}`;
  }

  get(id: string): Entry | undefined {
    return this.entries.get(id);
  }
}

export interface ResponseUrlDeps {
  ctx: MethodContext;
  urls: ResponseUrls;
  injections: Injections;
}

function apply(entry: Entry, body: JsonObject, ctx: MethodContext): void {
  const original =
    entry.messageTs !== undefined ? ctx.state.message(entry.channel, entry.messageTs) : undefined;
  if (body.delete_original === true || body.delete_original === 'true') {
    if (original) ctx.state.deleteMessage(original.channel, original.ts);
    return;
  }
  const content = messageContent(body, ctx.validator);
  if ((body.replace_original === true || body.replace_original === 'true') && original) {
    ctx.state.updateMessage(original.channel, original.ts, {
      text: content.text,
      blocks: content.blocks ?? [],
      ...(content.attachments ? { attachments: content.attachments } : {}),
      edited: { ts: ctx.state.nextTs() },
    });
    return;
  }
  const inChannel = body.response_type === 'in_channel';
  const threadTs = typeof body.thread_ts === 'string' ? body.thread_ts : entry.threadTs;
  storeBotMessage(ctx.state, {
    channel: entry.channel,
    content,
    via: 'response_url',
    threadTs,
    extra: inChannel ? {} : { ephemeralTo: entry.user },
  });
}

function outcome(
  entry: Entry | undefined,
  body: JsonObject,
  deps: ResponseUrlDeps,
): { status: number; body: JsonObject; retryAfter?: number } {
  if (!entry) return { status: 404, body: { ok: false, error: 'invalid_url' } };
  if (deps.ctx.now() - entry.createdAt > RESPONSE_URL_TTL_MS)
    return { status: 404, body: { ok: false, error: 'expired_url' } };
  if (entry.uses >= RESPONSE_URL_MAX_USES) return { status: 404, body: { ok: false, error: 'used_url' } };
  const injected = deps.injections.take('response_url', entry.channel);
  if (injected) {
    return {
      status: injected.status,
      body: { ok: false, error: injected.error },
      ...(injected.retryAfterSeconds ? { retryAfter: injected.retryAfterSeconds } : {}),
    };
  }
  entry.uses += 1;
  try {
    apply(entry, body, deps.ctx);
  } catch (err) {
    if (err instanceof ApiError) return { status: 400, body: { ok: false, error: err.error, ...err.extra } };
    throw err;
  }
  return { status: 200, body: { ok: true } };
}

export async function handleResponseUrl(
  req: IncomingMessage,
  res: ServerResponse,
  id: string,
  deps: ResponseUrlDeps,
): Promise<void> {
  let body: JsonObject;
  try {
    body = parseArgs(req.headers['content-type'] ?? 'application/json', await readRaw(req));
  } catch (err) {
    if (!(err instanceof BodyError)) throw err;
    sendJson(res, 400, { ok: false, error: 'invalid_payload' });
    return;
  }
  const result = outcome(deps.urls.get(id), body, deps);
  deps.ctx.state.recordCall({
    method: 'response_url',
    args: body,
    response: result.body,
    status: result.status,
    at: deps.ctx.now(),
  });
  sendJson(
    res,
    result.status,
    result.body,
    result.retryAfter ? { 'Retry-After': String(result.retryAfter) } : {},
  );
}
