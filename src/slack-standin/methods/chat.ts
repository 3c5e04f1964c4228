/**
 * chat.postMessage, chat.update, chat.postEphemeral, chat.getPermalink, chat.delete.
 */
import type { LocalChannel, StoredMessage } from '../types.ts';
import { ApiError, requireString, type MethodContext, type MethodHandler } from './context.ts';
import { messageContent, messageJson, storeMethodPost } from './message-content.ts';
import { fileJsonFor } from './files.ts';

/** Channel ids, `#name`/`name`, or a user id (opens the bot's DM with that user), as chat.postMessage accepts. */
export function resolveChannel(ctx: MethodContext, value: unknown): LocalChannel {
  if (typeof value !== 'string' || value === '') throw new ApiError('channel_not_found');
  const byId = ctx.state.channel(value);
  if (byId) return byId;
  const name = value.replace(/^#/, '');
  const byName = ctx.state.channels.find((c) => c.name === name && !c.is_im);
  if (byName) return byName;
  if (/^[UW]/.test(value) && ctx.state.user(value)) return ctx.state.dmWith(value);
  throw new ApiError('channel_not_found');
}

/**
 * Slack refuses a bot's post where it is no member: a private channel it was not invited to is invisible to it
 * (`channel_not_found`), a public one answers `not_in_channel` (the app has no chat:write.public). DMs are open.
 */
function requirePostable(channel: LocalChannel, ephemeral = false): void {
  if (channel.is_im || channel.is_member) return;
  if (channel.is_private) throw new ApiError('channel_not_found');
  if (!ephemeral) throw new ApiError('not_in_channel');
}

function existingMessage(ctx: MethodContext, channel: string, ts: unknown): StoredMessage {
  const found = typeof ts === 'string' ? ctx.state.message(channel, ts) : undefined;
  if (!found || found.ephemeralTo) throw new ApiError('message_not_found');
  return found;
}

export function permalinkFor(
  ctx: MethodContext,
  m: Pick<StoredMessage, 'channel' | 'ts' | 'thread_ts'>,
): string {
  const base = `${ctx.baseUrl()}archives/${m.channel}/p${m.ts.replace('.', '')}`;
  return m.thread_ts && m.thread_ts !== m.ts ? `${base}?thread_ts=${m.thread_ts}&cid=${m.channel}` : base;
}

const postMessage: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  requirePostable(channel);
  const message = storeMethodPost(ctx.state, args, {
    channel: channel.id,
    content: messageContent(args, ctx.validator),
    via: 'chat.postMessage',
    extra: {
      ...(args.reply_broadcast === true || args.reply_broadcast === 'true' ? { reply_broadcast: true } : {}),
      ...(args.metadata !== undefined ? { metadata: args.metadata } : {}),
    },
  });
  return { ok: true, channel: channel.id, ts: message.ts, message: messageJson(message, fileJsonFor(ctx)) };
};

const update: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  const found = existingMessage(ctx, channel.id, args.ts);
  if (found.bot_id === undefined) throw new ApiError('cant_update_message');
  const hasText = typeof args.text === 'string';
  // chat.update keeps the previous blocks when `blocks` is omitted, like Slack.
  const content = messageContent({ ...args, text: hasText ? args.text : found.text }, ctx.validator, false);
  const patch: Partial<StoredMessage> = { text: content.text, edited: { ts: ctx.state.nextTs() } };
  if (args.blocks !== undefined) patch.blocks = content.blocks ?? [];
  if (args.attachments !== undefined) patch.attachments = content.attachments ?? [];
  if (args.metadata !== undefined) patch.metadata = args.metadata;
  if (!patch.text && !(patch.blocks ?? found.blocks)?.length) throw new ApiError('no_text');
  const updated = ctx.state.updateMessage(channel.id, found.ts, patch) ?? found;
  return {
    ok: true,
    channel: channel.id,
    ts: updated.ts,
    text: updated.text,
    message: messageJson(updated, fileJsonFor(ctx)),
  };
};

const postEphemeral: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  requirePostable(channel, true);
  const user = requireString(args, 'user');
  if (!ctx.state.user(user)) throw new ApiError('user_not_in_channel');
  const message = storeMethodPost(ctx.state, args, {
    channel: channel.id,
    content: messageContent(args, ctx.validator),
    via: 'chat.postEphemeral',
    extra: { ephemeralTo: user },
  });
  return { ok: true, message_ts: message.ts };
};

const getPermalink: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  const found = existingMessage(ctx, channel.id, args.message_ts);
  return { ok: true, channel: channel.id, permalink: permalinkFor(ctx, found) };
};

const remove: MethodHandler = (args, ctx) => {
  const channel = resolveChannel(ctx, args.channel);
  const found = existingMessage(ctx, channel.id, args.ts);
  if (found.bot_id === undefined) throw new ApiError('cant_delete_message');
  ctx.state.deleteMessage(channel.id, found.ts);
  return { ok: true, channel: channel.id, ts: found.ts };
};

export const chatMethods: Record<string, MethodHandler> = {
  'chat.postMessage': postMessage,
  'chat.update': update,
  'chat.postEphemeral': postEphemeral,
  'chat.getPermalink': getPermalink,
  'chat.delete': remove,
};
