/** "Report device status" submitted: bad numbers answered inline on receipt; POST /devices/status is the work. */
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { notify } from '../../kit/reply/index.ts';
import type { DeviceStatus } from '../../monitoring/api.ts';
import { STATUS_BLOCK, type DeviceStatusMeta } from '../render/source-device-status.ts';
import { SOURCE_VIEW } from '../render/source-ids.ts';
import { statusFromForm, type StatusField } from '../rules/device-status-form.ts';

const meta: z.ZodType<DeviceStatusMeta> = z.object({
  sourceId: z.string().min(1),
  channel: z.string().nullable(),
});

/** What the submission decided on receipt: the report, for which source, and where to answer. */
interface StatusCarry extends DeviceStatusMeta {
  status: DeviceStatus;
}

/** The form's errors, on the blocks of its fields (response_action errors is keyed by block id). */
function errorsByBlock(errors: Partial<Record<StatusField, string>>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(errors).map(([field, text]) => [STATUS_BLOCK[field as StatusField], text]),
  );
}

export const deviceStatusSubmit = (deps: Pick<Deps, 'sources' | 'log'>) =>
  viewEntry<StatusCarry>({
    callbackId: SOURCE_VIEW.deviceStatus,
    kind: 'readings.device-status',
    // A full queue keeps the modal open with what was typed.
    busyBlock: STATUS_BLOCK.battery,
    receive({ view }) {
      const m = decodeValue(meta, view.private_metadata);
      if (!m) return answer();
      const v = view.state.values;
      const result = statusFromForm({
        battery: v[STATUS_BLOCK.battery]?.value?.value,
        ticked: (v[STATUS_BLOCK.flags]?.value?.selected_options ?? []).map((o) => o.value),
        temperature: v[STATUS_BLOCK.temperature]?.value?.value,
        version: v[STATUS_BLOCK.version]?.value?.value,
      });
      if (!result.ok) return answer({ response_action: 'errors', errors: errorsByBlock(result.errors) });
      return toWork({ sourceId: m.sourceId, channel: m.channel, status: result.status });
    },
    async work({ body, client }, { sourceId, channel, status }) {
      const user = body.user.id;
      const target = { client, channel: channel ?? user, user };
      try {
        await deps.sources.reportDeviceStatus(sourceId, status);
        await notify(
          target,
          ':white_check_mark: Device status reported. fieldline’s alert relay will pick the report up on its next check.',
        );
      } catch (err) {
        await reportError(deps, target, err, { view: SOURCE_VIEW.deviceStatus, sourceId });
      }
    },
  });
