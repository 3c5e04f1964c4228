/**
 * conversations.open (the bot's DM with a user), conversations.history and conversations.replies — newest
 * first for history, parent first for replies, like Slack; ephemeral messages never appear (Slack keeps none).
 * Paging: `limit` and a `cursor` that is the offset, with `has_more` and `response_metadata.next_cursor`.
 */
import type { JsonObject, StoredMessage } from '../types.ts';
import {
  ApiError,
  optionalString,
  requireString,
  type MethodContext,
  type MethodHandler,
} from './context.ts';
import { channelJson } from './directory.ts';
import { fileJsonFor } from './files.ts';
import { messageJson } from './message-content.ts';

function page(ctx: MethodContext, list: StoredMessage[], args: JsonObject): JsonObject {
  const limit = Math.min(Math.max(Number(args.limit ?? 100) || 100, 1), 999);
  const offset = Number(optionalString(args, 'cursor') ?? 0) || 0;
  const slice = list.slice(offset, offset + limit);
  const more = offset + limit < list.length;
  return {
    ok: true,
    messages: slice.map((m) => messageJson(m, fileJsonFor(ctx))),
    has_more: more,
    response_metadata: { next_cursor: more ? String(offset + limit) : '' },
  };
}

function visible(ctx: MethodContext, channel: string): StoredMessage[] {
  if (!ctx.state.channel(channel)) throw new ApiError('channel_not_found');
  return ctx.state.messages(channel).filter((m) => m.ephemeralTo === undefined);
}

const open: MethodHandler = (args, ctx) => {
  const users = requireString(args, 'users').split(',');
  const [user] = users;
  if (users.length !== 1 || !user || !ctx.state.user(user)) throw new ApiError('user_not_found');
  return { ok: true, channel: channelJson(ctx.state.dmWith(user)) };
};

const history: MethodHandler = (args, ctx) => {
  const channel = requireString(args, 'channel');
  const top = visible(ctx, channel).filter((m) => !m.thread_ts || m.thread_ts === m.ts || m.reply_broadcast);
  return page(ctx, [...top].reverse(), args);
};

const replies: MethodHandler = (args, ctx) => {
  const channel = requireString(args, 'channel');
  const ts = requireString(args, 'ts');
  const all = visible(ctx, channel);
  const parent = all.find((m) => m.ts === ts);
  if (!parent) throw new ApiError('thread_not_found');
  const root = parent.thread_ts ?? parent.ts;
  const thread = all.filter((m) => m.ts === root || m.thread_ts === root);
  return page(ctx, thread, args);
};

export const historyMethods: Record<string, MethodHandler> = {
  'conversations.open': open,
  'conversations.history': history,
  'conversations.replies': replies,
};
