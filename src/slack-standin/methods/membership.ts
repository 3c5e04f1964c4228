/**
 * Who is in a conversation: conversations.members (paged like Slack, with an opaque cursor), and the bot's
 * conversations.invite / conversations.kick. What the bot may see decides as in Slack: a private channel it is not
 * in does not exist for it (`channel_not_found`); a public one it may read, but changes only from inside.
 */
import { BOT_USER_ID, GENERAL_CHANNEL_ID } from '../seed.ts';
import type { JsonObject, LocalChannel } from '../types.ts';
import {
  ApiError,
  optionalString,
  requireString,
  type MethodContext,
  type MethodHandler,
} from './context.ts';
import { channelJson } from './directory.ts';

/** Slack's page size when `limit` is absent, and its largest. */
const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

/** The conversation as the bot can see it: unknown ids and private channels it is not in are not found. */
function visibleChannel(ctx: MethodContext, args: JsonObject): LocalChannel {
  const channel = ctx.state.channel(requireString(args, 'channel'));
  if (!channel || (channel.is_private && !channel.is_im && !channel.is_member))
    throw new ApiError('channel_not_found');
  return channel;
}

// Slack's cursors are opaque base64 ("dXNlcjpVMDYxTkZUVDI=" is "user:U061NFTT2"): the next member to list.
const cursorFor = (user: string): string => Buffer.from(`user:${user}`).toString('base64');

function startOf(members: string[], cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const decoded = Buffer.from(cursor, 'base64').toString('utf8');
  const index = decoded.startsWith('user:') ? members.indexOf(decoded.slice('user:'.length)) : -1;
  if (index < 0) throw new ApiError('invalid_cursor');
  return index;
}

function limitOf(args: JsonObject): number {
  if (args.limit === undefined || args.limit === null || args.limit === '') return DEFAULT_LIMIT;
  const limit = Number(args.limit);
  if (!Number.isInteger(limit) || limit < 0 || limit > MAX_LIMIT) throw new ApiError('invalid_limit');
  return limit === 0 ? DEFAULT_LIMIT : limit;
}

const members: MethodHandler = (args, ctx) => {
  const channel = visibleChannel(ctx, args);
  const all = ctx.state.members(channel.id);
  const limit = limitOf(args);
  const start = startOf(all, optionalString(args, 'cursor'));
  const next = all[start + limit];
  return {
    ok: true,
    members: all.slice(start, start + limit),
    response_metadata: { next_cursor: next === undefined ? '' : cursorFor(next) },
  };
};

/** A channel the bot may change the members of: not a DM, and one it is in itself. */
function changeableChannel(ctx: MethodContext, args: JsonObject): LocalChannel {
  const channel = visibleChannel(ctx, args);
  if (channel.is_im) throw new ApiError('method_not_supported_for_channel_type');
  if (!channel.is_member) throw new ApiError('not_in_channel');
  return channel;
}

const invite: MethodHandler = (args, ctx) => {
  const channel = changeableChannel(ctx, args);
  const users = requireString(args, 'users')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u !== '');
  if (users.length === 0) throw new ApiError('no_user');
  for (const id of users) {
    if (id === BOT_USER_ID) throw new ApiError('cant_invite_self');
    const user = ctx.state.user(id);
    if (!user || user.deleted) throw new ApiError('user_not_found');
    // Someone of another organisation joins only a channel shared with it (Slack Connect).
    if (user.team_id !== undefined && channel.is_ext_shared !== true) throw new ApiError('cant_invite');
    if (channel.members?.includes(id)) throw new ApiError('already_in_channel');
  }
  for (const id of users) ctx.state.addMember(channel.id, id);
  return { ok: true, channel: channelJson(ctx.state.channel(channel.id) ?? channel) };
};

const kick: MethodHandler = (args, ctx) => {
  const channel = changeableChannel(ctx, args);
  const id = requireString(args, 'user');
  if (id === BOT_USER_ID) throw new ApiError('cant_kick_self');
  if (!ctx.state.user(id)) throw new ApiError('user_not_found');
  if (channel.id === GENERAL_CHANNEL_ID) throw new ApiError('cant_kick_from_general');
  if (!channel.members?.includes(id)) throw new ApiError('not_in_channel');
  ctx.state.removeMember(channel.id, id);
  return { ok: true };
};

export const membershipMethods: Record<string, MethodHandler> = {
  'conversations.members': members,
  'conversations.invite': invite,
  'conversations.kick': kick,
};
