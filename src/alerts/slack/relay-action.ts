/**
 * The frame every button and menu on a relay message shares: hand the work to a job and ack (Slack's 3 s;
 * src/runtime/jobs/hand-off.ts), or ack and work right here when the work must use the trigger_id (`job: null`:
 * opening a modal); find the channel the message is in, and send whatever goes wrong to the one error path, named
 * after the action.
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  BlockButtonAction,
  BlockStaticSelectAction,
  SlackActionMiddlewareArgs,
} from '@slack/bolt';
import type { Deps } from '../../base/deps.ts';
import { reportError } from '../../kit/errors.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';

export type AlertButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;
export type AlertSelectArgs = SlackActionMiddlewareArgs<BlockStaticSelectAction> & AllMiddlewareArgs;
/** What Acknowledge and Snooze on a parent work with: the relay's records, the clock, the log. */
export type ParentActionDeps = Pick<Deps, 'store' | 'clock' | 'log'>;

export async function relayAction(
  args: SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs,
  deps: Pick<Deps, 'log'>,
  actionName: string,
  job: string | null,
  work: (channel: string | undefined) => Promise<void>,
): Promise<void> {
  const { ack, body, client } = args;
  if (job === null) await ack();
  else if (!(await handOff(args, job))) return;
  const channel: string | undefined = body.channel?.id ?? body.container.channel_id;
  try {
    await work(channel);
  } catch (err) {
    await reportError(deps, { client, channel, user: body.user.id, responseUrl: body.response_url }, err, {
      action: actionName,
    });
  }
}
