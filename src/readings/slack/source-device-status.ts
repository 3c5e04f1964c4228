/** "Report device status" on a camera's card: the status modal, prefilled from the last report. */
import type { ButtonArgs } from './listener-args.ts';
import type { Deps } from '../../base/deps.ts';
import { isCamera } from '../rules/source-facts.ts';
import { renderMessageView } from '../render/reading-entry-view.ts';
import { renderDeviceStatusView } from '../render/source-device-status.ts';
import { openSourceModal } from './source-modal-open.ts';

export async function handleSourceDeviceStatus(
  args: ButtonArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
): Promise<void> {
  await openSourceModal(args, deps, 'Device status', 'readings.device-status-modal', (source, meta) =>
    isCamera(source)
      ? renderDeviceStatusView(source, meta)
      : renderMessageView('Device status', 'Device status applies to camera (AI Vision) data sources only.'),
  );
}
