/** Create task on an incident parent: the task modal prefilled about this device and its conditions (type 3). */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Deps } from '../../base/deps.ts';
import { TASK_TYPE } from '../../monitoring/api.ts';
import { relayStore } from '../engine/relay-store.ts';
import { ALERT_ACTION } from '../render/alert-message.ts';
import { incidentFromAlert } from '../render/incident-message.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { CONDITION_LABEL } from '../render/relay-format.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';
import { openCreateTaskModal } from '../../tasks/index.ts';
import { relayAction, type AlertButtonArgs } from './relay-action.ts';

/** "Raised 2026-11-23 16:32 (Europe/Berlin)": the site's wall clock, as the site's staff read it (plain text). */
export function raisedAt(epochMs: number, timeZone: string | null | undefined): string {
  for (const zone of [timeZone, 'UTC']) {
    if (!zone) continue;
    try {
      return `Raised ${format(new TZDate(epochMs, zone), 'yyyy-MM-dd HH:mm')} (${zone === 'UTC' ? 'UTC' : zone})`;
    } catch {
      // an unknown zone name: fall back to UTC
    }
  }
  return `Raised ${new Date(epochMs).toISOString()}`;
}

export async function handleAlertCreateTask(
  args: AlertButtonArgs,
  deps: Parameters<typeof openCreateTaskModal>[0] & Pick<Deps, 'store' | 'log'>,
): Promise<void> {
  const { body, action, client, respond } = args;
  // Not a job: the modal opens with the trigger_id, which lives 3 s on this replica.
  await relayAction(args, deps, ALERT_ACTION.createTask, null, async (channel) => {
    // One store read before views.open: well inside the trigger's 3 s.
    const rec = channel ? await relayStore(deps.store).message(channel, action.value ?? '') : undefined;
    const inc =
      rec?.view.type === 'incident'
        ? rec.view.incident
        : rec?.view.type === 'alert'
          ? incidentFromAlert(rec.view.alert)
          : undefined;
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
      typeId: TASK_TYPE.device,
      deviceId: inc.sourceId,
      deviceName: inc.sourceName,
      siteId: inc.siteId,
      ...(inc.siteName ? { siteName: inc.siteName } : {}),
      origin: { channel, ts: rec.ts },
      replyChannel: channel,
    });
  });
}
