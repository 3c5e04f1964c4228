/** Where a /source or /reading button was clicked, as a reply target for the flows. */
import type { BlockButtonAction } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { ReplyTarget } from '../../kit/reply.ts';

export function buttonTarget(body: BlockButtonAction, client: WebClient): ReplyTarget {
  const channel =
    body.channel?.id ??
    (typeof body.container.channel_id === 'string' ? body.container.channel_id : undefined);
  return {
    client,
    // no conversation (a modal): answers go to the user's DM with the app
    channel: channel ?? body.user.id,
    user: body.user.id,
    ...(body.response_url ? { responseUrl: body.response_url } : {}),
  };
}
