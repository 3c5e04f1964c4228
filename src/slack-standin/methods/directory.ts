/**
 * auth.test, users.info, users.lookupByEmail, conversations.info / join / list.
 */
import { APP_ID, BOT_ID, BOT_USER_ID, GENERAL_CHANNEL_ID, TEAM } from '../seed.ts';
import type { JsonObject, LocalChannel, LocalUser } from '../types.ts';
import { ApiError, requireString, type MethodHandler } from './context.ts';
import { authTestAs, userTeamAs, type CallerContext } from '../oauth/caller.ts';

export function userJson(u: LocalUser, caller?: CallerContext): JsonObject {
  const as = userTeamAs(u, caller);
  const team = typeof as?.team_id === 'string' ? as.team_id : (u.team_id ?? TEAM.id);
  const profile: JsonObject = { real_name: u.real_name, display_name: u.name, team };
  if (u.email !== undefined) profile.email = u.email;
  if (u.is_bot) Object.assign(profile, { bot_id: BOT_ID, api_app_id: APP_ID });
  return {
    id: u.id,
    team_id: team,
    name: u.name,
    real_name: u.real_name,
    deleted: u.deleted === true,
    is_bot: u.is_bot === true,
    is_restricted: u.is_restricted === true,
    is_ultra_restricted: u.is_ultra_restricted === true,
    is_admin: u.is_admin === true,
    is_owner: u.is_owner === true,
    is_app_user: false,
    tz: u.tz,
    profile,
    ...(as?.enterprise_user ? { enterprise_user: as.enterprise_user } : {}),
  };
}

export function channelJson(c: LocalChannel): JsonObject {
  const json: JsonObject = {
    id: c.id,
    name: c.name,
    is_channel: !c.is_im && !c.is_private,
    is_group: !c.is_im && c.is_private,
    is_im: c.is_im,
    is_private: c.is_private,
    is_general: c.id === GENERAL_CHANNEL_ID,
    is_member: c.is_member,
    is_archived: false,
    is_ext_shared: c.is_ext_shared === true,
    created: 1_700_000_000,
  };
  if (c.user) json.user = c.user;
  return json;
}

const authTest: MethodHandler = (_args, ctx) => ({
  ok: true,
  url: ctx.baseUrl(),
  team: TEAM.name,
  user: 'fieldline',
  team_id: TEAM.id,
  user_id: BOT_USER_ID,
  bot_id: BOT_ID,
  app_id: APP_ID,
  is_enterprise_install: false,
  ...authTestAs(ctx.caller),
});

const usersInfo: MethodHandler = (args, ctx) => {
  const user = ctx.state.user(requireString(args, 'user'));
  if (!user) throw new ApiError('user_not_found');
  return { ok: true, user: userJson(user, ctx.caller) };
};

const lookupByEmail: MethodHandler = (args, ctx) => {
  const email = requireString(args, 'email').toLowerCase();
  const user = ctx.state.users.find((u) => u.email?.toLowerCase() === email);
  if (!user) throw new ApiError('users_not_found');
  return { ok: true, user: userJson(user, ctx.caller) };
};

const conversationsInfo: MethodHandler = (args, ctx) => {
  const channel = ctx.state.channel(requireString(args, 'channel'));
  if (!channel) throw new ApiError('channel_not_found');
  // A private channel the bot is not in is invisible to it.
  if (channel.is_private && !channel.is_member) throw new ApiError('channel_not_found');
  return { ok: true, channel: channelJson(channel) };
};

const conversationsJoin: MethodHandler = (args, ctx) => {
  const channel = ctx.state.channel(requireString(args, 'channel'));
  if (!channel) throw new ApiError('channel_not_found');
  if (channel.is_im || channel.is_private) throw new ApiError('method_not_supported_for_channel_type');
  const already = channel.is_member;
  const joined = ctx.state.addChannel({ ...channel, is_member: true });
  const response: JsonObject = { ok: true, channel: channelJson(joined) };
  if (already) response.warning = 'already_in_channel';
  return response;
};

const conversationsList: MethodHandler = (args, ctx) => {
  const types = typeof args.types === 'string' ? args.types.split(',') : ['public_channel'];
  const wanted = (c: LocalChannel): boolean =>
    (types.includes('public_channel') && !c.is_private && !c.is_im) ||
    (types.includes('private_channel') && c.is_private && !c.is_im && c.is_member) ||
    (types.includes('im') && c.is_im);
  return {
    ok: true,
    channels: ctx.state.channels.filter(wanted).map(channelJson),
    response_metadata: { next_cursor: '' },
  };
};

const usergroupsList: MethodHandler = (args, ctx) => ({
  ok: true,
  usergroups: ctx.state.usergroups.map((g) => ({
    id: g.id,
    team_id: TEAM.id,
    handle: g.handle,
    name: g.name,
    ...(args.include_users === true || args.include_users === 'true' ? { users: [...g.users] } : {}),
  })),
});

const usergroupsUsersList: MethodHandler = (args, ctx) => {
  const group = ctx.state.usergroups.find((g) => g.id === requireString(args, 'usergroup'));
  if (!group) throw new ApiError('no_such_subteam');
  return { ok: true, users: [...group.users] };
};

export const directoryMethods: Record<string, MethodHandler> = {
  'usergroups.list': usergroupsList,
  'usergroups.users.list': usergroupsUsersList,
  'auth.test': authTest,
  'users.info': usersInfo,
  'users.lookupByEmail': lookupByEmail,
  'conversations.info': conversationsInfo,
  'conversations.join': conversationsJoin,
  'conversations.list': conversationsList,
};
