/** "Report device status" on a camera's card: the status modal, prefilled from the last report. */
import type { Deps } from '../../base/deps.ts';
import { sourceModalEntry } from '../flows/source-modal.ts';
import { renderMessageView } from '../render/reading-entry-view.ts';
import { SOURCE_ACTION } from '../render/source-ids.ts';
import { renderDeviceStatusView } from '../render/source-device-status.ts';
import { isCamera } from '../rules/source-facts.ts';

export const deviceStatus = (deps: Pick<Deps, 'sources' | 'log'>) =>
  sourceModalEntry(deps, {
    match: SOURCE_ACTION.deviceStatus,
    kind: 'readings.device-status-modal',
    title: 'Device status',
    render: (source, meta) =>
      isCamera(source)
        ? renderDeviceStatusView(source, meta)
        : renderMessageView(
            'Device status',
            'Device status applies to camera (AI Vision) data sources only.',
          ),
  });
