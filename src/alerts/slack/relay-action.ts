/**
 * The frame every button and menu on a relay message shares: ack first (Slack's 3 s), find the channel the
 * message is in, and send whatever goes wrong to the one error path, named after the action.
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  BlockButtonAction,
  BlockStaticSelectAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { reportError } from '../../kit/errors.ts';

export type AlertButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;
export type AlertSelectArgs = SlackActionMiddlewareArgs<BlockStaticSelectAction> & AllMiddlewareArgs;
/** What Acknowledge and Snooze on a parent work with: the relay's records, the clock, the log. */
export type ParentActionDeps = Pick<Deps, 'store' | 'clock' | 'log'>;

export async function relayAction(
  { ack, body, client }: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs,
  deps: Pick<Deps, 'log'>,
  actionName: string,
  work: (channel: string | undefined) => Promise<void>,
): Promise<void> {
  await ack();
  const channel: string | undefined = body.channel?.id ?? body.container.channel_id;
  try {
    await work(channel);
  } catch (err) {
    await reportError(deps, { client, channel, user: body.user.id, responseUrl: body.response_url }, err, {
      action: actionName,
    });
  }
}
