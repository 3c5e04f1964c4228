/**
 * conversations.members for the Slack stand-in, which does not answer it yet (it keeps no member lists): the test
 * says who is in which conversation and the stand-in answers like Slack — pages with `next_cursor`, and
 * `channel_not_found` for a private channel the bot is not in (it cannot see it) or an unknown one. DMs answer
 * `missing_scope` (fieldline has no im:read). Registered into the stand-in's method table of this test process.
 */
import { METHODS } from '../../src/slack-standin/api.ts';
import { ApiError, requireString } from '../../src/slack-standin/methods/context.ts';

export interface ChannelMembers {
  /** Sets the members of a conversation (replacing what was set before). */
  set(channel: string, users: string[]): void;
  /** Slows every answer down (0 = none): a Slack that answers after the inline budget. */
  delay(ms: number): void;
  /** How many times conversations.members was asked, per conversation. */
  asked(channel: string): number;
}

export function installChannelMembers(): ChannelMembers {
  const members = new Map<string, string[]>();
  const asked = new Map<string, number>();
  let delayMs = 0;
  METHODS['conversations.members'] = async (args, ctx) => {
    const id = requireString(args, 'channel');
    asked.set(id, (asked.get(id) ?? 0) + 1);
    if (delayMs > 0) await new Promise((resolve) => setTimeout(resolve, delayMs));
    const channel = ctx.state.channel(id);
    if (!channel) throw new ApiError('channel_not_found');
    if (channel.is_im) throw new ApiError('missing_scope', { needed: 'im:read' });
    if (channel.is_private && !channel.is_member) throw new ApiError('channel_not_found');
    const all = members.get(id) ?? [];
    const limit = Math.max(1, Math.min(1000, Number(args.limit ?? 100) || 100));
    const offset = typeof args.cursor === 'string' && args.cursor !== '' ? Number(args.cursor) : 0;
    const page = all.slice(offset, offset + limit);
    const next = offset + limit < all.length ? String(offset + limit) : '';
    return { ok: true, members: page, response_metadata: { next_cursor: next } };
  };
  return {
    set: (channel, users) => void members.set(channel, [...users]),
    delay: (ms) => void (delayMs = ms),
    asked: (channel) => asked.get(channel) ?? 0,
  };
}
