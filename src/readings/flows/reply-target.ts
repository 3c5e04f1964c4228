/** Where a /source or /reading command was run or its button clicked, as a reply target for the flows. */
import type { BlockAction, SlashCommand } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { ReplyTarget } from '../../kit/reply/index.ts';

/** A reply target with the conversation's name in the signed payload (`directmessage` for a DM). */
export interface ReadingTarget extends ReplyTarget {
  channelName?: string;
}

export function buttonTarget(body: BlockAction, client: WebClient): ReadingTarget {
  const channel =
    body.channel?.id ??
    (typeof body.container.channel_id === 'string' ? body.container.channel_id : undefined);
  return {
    client,
    // no conversation (a modal): answers go to the user's DM with the app
    channel: channel ?? body.user.id,
    ...(channel
      ? body.channel?.name
        ? { channelName: body.channel.name }
        : {}
      : { channelName: 'directmessage' }),
    user: body.user.id,
    ...(body.response_url ? { responseUrl: body.response_url } : {}),
  };
}

/** Where /source or /reading was run: answers go to that conversation, notes to the user by response_url. */
export function commandTarget(command: SlashCommand, client: WebClient): ReadingTarget {
  return {
    client,
    channel: command.channel_id,
    channelName: command.channel_name,
    user: command.user_id,
    responseUrl: command.response_url,
  };
}
