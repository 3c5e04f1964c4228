/** Create task on an alert parent: the task modal prefilled about this data source (type 3). */
import type { App, BlockButtonAction } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { TASK_TYPE } from '../../monitoring/api.ts';
import { relayStore } from '../engine/relay-store.ts';
import { ALERT_ACTION } from '../render/alert-message.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { CONDITION_LABEL } from '../render/relay-format.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';
import { reportError } from '../../kit/errors.ts';
import { openCreateTaskModal } from '../../tasks/index.ts';

export function registerAlertCreateTask(app: App, deps: Deps): void {
  app.action<BlockButtonAction>(ALERT_ACTION.createTask, async ({ ack, body, action, client, respond }) => {
    await ack();
    const channel = body.channel?.id ?? body.container.channel_id;
    try {
      // One store read before views.open: well inside the trigger's 3 s.
      const rec = channel ? await relayStore(deps.store).message(channel, action.value ?? '') : undefined;
      if (!channel || rec?.view.type !== 'alert') {
        await respond(ephemeralNote('This alert is no longer tracked: create the task with `/task`.'));
        return;
      }
      const a = rec.view.alert;
      const label = CONDITION_LABEL[a.condition];
      await openCreateTaskModal(deps, client, body.trigger_id, {
        name: truncate(`${label}: ${a.sourceName}`, 150),
        description: `${label} on ${a.sourceName}${a.siteName ? ` at ${a.siteName}` : ''}: ${a.detail}. Raised ${new Date(a.raisedAt).toISOString()}.`,
        typeId: TASK_TYPE.device,
        deviceId: a.sourceId,
        deviceName: a.sourceName,
        siteId: a.siteId,
        ...(a.siteName ? { siteName: a.siteName } : {}),
        origin: { channel, ts: rec.ts },
        replyChannel: channel,
      });
    } catch (err) {
      await reportError(deps, { client, channel, user: body.user.id, responseUrl: body.response_url }, err, {
        action: ALERT_ACTION.createTask,
      });
    }
  });
}
