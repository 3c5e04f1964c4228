/** "Create task about this" on a source card: the task modal with the data source chosen (type 3). */
import type { ButtonArgs } from '../flows/listener-args.ts';
import { EXPIRED, valueOrExpired } from '../flows/expired-button.ts';
import type { Deps } from '../../base/deps.ts';
import { TASK_TYPE } from '../../monitoring/api.ts';
import { decodeTaskAbout, SOURCE_ACTION } from '../render/source-ids.ts';
import { reportError } from '../../kit/errors.ts';
import { openCreateTaskModal } from '../../tasks/index.ts';
import { buttonTarget } from '../flows/reply-target.ts';

export async function handleSourceCreateTask(
  { ack, body, action, client, respond }: ButtonArgs,
  deps: Pick<Deps, 'directory' | 'log'>,
): Promise<void> {
  await ack();
  const about = await valueOrExpired(respond, decodeTaskAbout(action.value), EXPIRED.sourceCard);
  if (!about) return;
  try {
    const channel = body.channel?.id;
    await openCreateTaskModal(deps, client, body.trigger_id, {
      typeId: TASK_TYPE.device,
      deviceId: about.s,
      deviceName: about.n,
      ...(about.site ? { siteId: about.site } : {}),
      ...(about.sn ? { siteName: about.sn } : {}),
      ...(channel ? { replyChannel: channel } : {}),
    });
  } catch (err) {
    await reportError(deps, buttonTarget(body, client), err, { action: SOURCE_ACTION.createTask });
  }
}
