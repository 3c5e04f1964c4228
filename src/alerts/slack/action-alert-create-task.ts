/**
 * Create task on an incident parent: the task modal prefilled about this device and its conditions (type 3).
 * Answered on receipt, not a job: the modal opens with the trigger_id, which lives 3 s on this replica.
 */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import type { Deps } from '../../base/deps.ts';
import { alertStore } from '../engine/alert-store.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { CONDITION_LABEL, raisedAt } from '../render/alert-format.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';
import { openCreateTaskModal } from '../../tasks/index.ts';
import { inAlertFrame } from '../flows/alert-action.ts';
import { incidentOf, incidentTaskFacts } from '../flows/alert-task-prefill.ts';
import { relayRoot } from '../flows/relay-root.ts';

type AlertButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export async function handleAlertCreateTask(
  args: AlertButtonArgs,
  deps: Parameters<typeof openCreateTaskModal>[0] & Pick<Deps, 'store' | 'log'>,
): Promise<void> {
  const { ack, body, action, client, respond } = args;
  await ack();
  await inAlertFrame(args, deps, action.action_id, async (channel) => {
    // One store read before views.open: well inside the trigger's 3 s.
    const rec = channel
      ? await alertStore(await relayRoot(deps)).message(channel, action.value ?? '')
      : undefined;
    const inc = incidentOf(rec);
    if (!channel || !rec || !inc) {
      await respond(ephemeralNote('This alert is no longer tracked: create the task with `/task`.'));
      return;
    }
    const lines = inc.conditions.length > 0 ? inc.conditions : inc.cleared;
    const labels = lines.map((l) => CONDITION_LABEL[l.condition]).join(', ');
    const details = lines.map((l) => `${CONDITION_LABEL[l.condition]}: ${l.detail}`).join('; ');
    await openCreateTaskModal(deps, client, body.trigger_id, {
      name: truncate(`${labels}: ${inc.sourceName}`, 150),
      description: `${inc.sourceName}${inc.siteName ? ` at ${inc.siteName}` : ''} — ${details}. ${raisedAt(inc.openedAt, inc.siteTimeZone)}.`,
      // the device, its site, and High for a critical alert (prefill only)
      ...incidentTaskFacts(inc),
      origin: { channel, ts: rec.ts },
      replyChannel: channel,
    });
  });
}
