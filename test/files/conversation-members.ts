/**
 * conversations.members for the Slack stand-in, which does not answer it yet: who is in which conversation is
 * given by the test (the stand-in keeps no membership). Answers like Slack: a private channel the bot is not in is
 * `channel_not_found`, members come in pages of `limit` with a `next_cursor`. Installed into this test file's
 * copy of the stand-in's method table (each system test file has its own module graph).
 */
import { METHODS } from '../../src/slack-standin/api.ts';
import { ApiError, requireString } from '../../src/slack-standin/methods/context.ts';

export function installConversationMembers(members: Record<string, string[]>): void {
  METHODS['conversations.members'] = (args, ctx) => {
    const id = requireString(args, 'channel');
    const channel = ctx.state.channel(id);
    if (!channel || (channel.is_private && !channel.is_member)) throw new ApiError('channel_not_found');
    const all = channel.is_im
      ? [ctx.state.users.find((u) => u.is_bot)?.id ?? 'U0BOT', channel.user ?? '']
      : [...(members[id] ?? []), ...(channel.is_member ? ['U0BOT'] : [])];
    const limit = Math.max(1, Math.min(1000, Number(args.limit ?? 100) || 100));
    const start = typeof args.cursor === 'string' && args.cursor !== '' ? Number(args.cursor) : 0;
    const page = all.slice(start, start + limit);
    const next = start + limit < all.length ? String(start + limit) : '';
    return { ok: true, members: page, response_metadata: { next_cursor: next } };
  };
}

/** How many conversations.members calls the stand-in answered (for "asked once per request"). */
export const membersCalls = (calls: { method: string }[]) =>
  calls.filter((c) => c.method === 'conversations.members').length;
