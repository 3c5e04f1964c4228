/**
 * What the message shortcuts look up about the message they run on: its author's display name and its
 * permalink. Both are Slack Web API reads; callers bound them with a time budget (the trigger expires in 3 s).
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';

const userInfo = z.looseObject({
  user: z
    .looseObject({
      name: z.string().optional(),
      real_name: z.string().optional(),
      profile: z
        .looseObject({ real_name: z.string().optional(), display_name: z.string().optional() })
        .optional(),
    })
    .optional(),
});

/** The author's real name (or user name); null for a message without a user or a user with no name. */
export async function authorName(client: WebClient, user: string | undefined): Promise<string | null> {
  if (!user) return null;
  const info = userInfo.parse(await client.users.info({ user })).user;
  return info?.real_name || info?.profile?.real_name || info?.name || null;
}

export async function messagePermalink(
  client: WebClient,
  channel: string,
  ts: string,
): Promise<string | null> {
  const { permalink } = await client.chat.getPermalink({ channel, message_ts: ts });
  return permalink ?? null;
}
