/** "Report device status" on a camera's card: the status modal, prefilled from the last report. */
import type { ButtonArgs } from './listener-args.ts';
import type { Deps } from '../../deps.ts';
import { isCamera } from '../rules/source-facts.ts';
import { renderMessageView } from '../render/reading-entry-view.ts';
import { renderDeviceStatusView } from '../render/source-device-status.ts';
import { openSourceModal } from './source-modal-open.ts';

export async function handleSourceDeviceStatus(
  { ack, body, action, client }: ButtonArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
): Promise<void> {
  await ack();
  const channel = body.channel?.id ?? null;
  await openSourceModal(
    deps,
    client,
    { triggerId: body.trigger_id, sourceId: action.value ?? '', title: 'Device status' },
    (source) =>
      isCamera(source)
        ? renderDeviceStatusView(source, { sourceId: source.id, channel })
        : renderMessageView(
            'Device status',
            'Device status applies to camera (AI Vision) data sources only.',
          ),
  );
}
