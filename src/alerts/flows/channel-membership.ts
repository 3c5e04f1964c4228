/** Whether fieldline can post in a channel, asked of Slack by `/monitor` (subscribe, status). */
import type { WebClient } from '@slack/web-api';

/** Makes sure the bot can post in `channel`: joins a public channel, or says how to invite it to a private one. */
export async function ensureMembership(client: WebClient, channel: string): Promise<string | null> {
  try {
    const info = await client.conversations.info({ channel });
    const c = info.channel;
    if (c?.is_member || c?.is_im) return null;
    if (c?.is_private)
      return ':lock: This is a private channel: invite me with `/invite @fieldline` so that I can post here.';
    await client.conversations.join({ channel });
    return ':wave: I joined this channel so that I can post here.';
  } catch {
    // Slack answers channel_not_found for private channels the bot is not in.
    return ':lock: I cannot see this channel: invite me with `/invite @fieldline` so that I can post here.';
  }
}

/** Why nothing can be posted in this channel (`/monitor status`), or null when the bot is a member. */
export async function postingProblem(client: WebClient, channel: string): Promise<string | null> {
  const invite = 'invite me with `/invite @fieldline` so that alerts and task changes can be posted here.';
  try {
    const c = (await client.conversations.info({ channel })).channel;
    if (c?.is_member || c?.is_im) return null;
    return `:warning: I am not a member of this channel, so nothing can be posted here: ${invite}`;
  } catch {
    // Slack answers channel_not_found for a private channel the bot was not invited to.
    return `:warning: I cannot post in this channel (a private channel I was not invited to): ${invite}`;
  }
}
