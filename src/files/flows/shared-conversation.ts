/**
 * Is a conversation shared with another organisation (Slack Connect)? There, an answer is seen only by the person
 * who asked unless they choose to share it (their partner cannot use fieldline, but would read what it posts).
 * conversations.info decides (`is_ext_shared`, `is_shared`, `is_pending_ext_shared`), remembered for a minute
 * per conversation; a conversation it cannot describe counts as shared, so nothing is posted there by mistake.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';

const TTL_MS = 60_000;
/** Conversations remembered at once; the oldest is forgotten first. */
const MAX_REMEMBERED = 1000;

const info = z.looseObject({
  channel: z.looseObject({
    is_ext_shared: z.boolean().optional(),
    is_shared: z.boolean().optional(),
    is_pending_ext_shared: z.boolean().optional(),
  }),
});

const remembered = new Map<string, { shared: boolean; until: number }>();

export interface SharedCheckOptions {
  /**
   * The conversation's name in the signed payload: Slack names a 1:1 DM `directmessage`, and the bot posts in one
   * only when it is the person's own DM with the app (elsewhere its post fails and goes to that DM anyway). That
   * DM needs no look-up (conversations.info there would need the im:read scope).
   */
  channelName?: string | undefined;
  now?: () => number;
}

export async function sharedWithOtherOrg(
  client: WebClient,
  channel: string,
  opts: SharedCheckOptions = {},
): Promise<boolean> {
  if (opts.channelName === 'directmessage') return false;
  const now = (opts.now ?? Date.now)();
  const known = remembered.get(channel);
  if (known && known.until > now) return known.shared;
  let shared: boolean;
  try {
    const parsed = info.safeParse(await client.conversations.info({ channel }));
    const c = parsed.success ? parsed.data.channel : undefined;
    shared = !c || c.is_ext_shared === true || c.is_shared === true || c.is_pending_ext_shared === true;
  } catch {
    // Not known to be internal: answer privately (not remembered, so the next request asks again).
    return true;
  }
  remembered.delete(channel);
  remembered.set(channel, { shared, until: now + TTL_MS });
  if (remembered.size > MAX_REMEMBERED) remembered.delete(remembered.keys().next().value ?? '');
  return shared;
}
