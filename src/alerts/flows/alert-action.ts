/**
 * The frame every button and menu on an alert message shares: find the channel the message is in, and send
 * whatever goes wrong to the one error path, named after the action. `alertActionEntry` declares such a button
 * whose work runs after the ack, as a job (src/kit/entry.ts); Create task acks and works at once instead (it opens
 * a modal with the trigger_id, which lives 3 s on this replica) and uses `inAlertFrame` directly.
 */
import type { BlockAction } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import { actionEntry, toWork, type ActionArgs } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';

/** What Acknowledge and Snooze on a parent work with: the alerts' records, the clock, the log. */
export type ParentActionDeps = Pick<Deps, 'store' | 'clock' | 'log'>;

export async function inAlertFrame(
  args: { body: BlockAction; client: WebClient },
  deps: Pick<Deps, 'log'>,
  actionName: string,
  work: (channel: string | undefined) => Promise<void>,
): Promise<void> {
  const { body, client } = args;
  const channel: string | undefined = body.channel?.id ?? body.container.channel_id;
  try {
    await work(channel);
  } catch (err) {
    await reportError(deps, { client, channel, user: body.user.id, responseUrl: body.response_url }, err, {
      action: actionName,
    });
  }
}

/** A button or menu on an alert message: nothing to decide on receipt, all of it is the job's work. */
export function alertActionEntry(d: {
  kind: string;
  match: string | RegExp;
  deps: Pick<Deps, 'log'>;
  work(args: ActionArgs, channel: string | undefined): Promise<void>;
}) {
  return actionEntry<undefined>({
    kind: d.kind,
    match: d.match,
    receive: () => toWork(undefined),
    work: (args) => inAlertFrame(args, d.deps, args.action.action_id, (channel) => d.work(args, channel)),
  });
}

/** A button's value (an alert message's subject, or a digest and its section); '' when it has none. */
export const valueOf = (action: ActionArgs['action']): string =>
  'value' in action && typeof action.value === 'string' ? action.value : '';

/** A menu's chosen option; '' when none. */
export const selectedOf = (action: ActionArgs['action']): string =>
  'selected_option' in action && action.selected_option ? String(action.selected_option.value) : '';
