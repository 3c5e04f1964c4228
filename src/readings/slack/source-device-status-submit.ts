/** "Report device status" submitted: inline errors for bad numbers, else POST /devices/status as a job. */
import type { SubmitArgs } from './listener-args.ts';
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { statusFromForm } from './source-device-status-form.ts';
import { notify } from '../../kit/reply.ts';
import { STATUS_BLOCK, type DeviceStatusMeta } from '../render/source-device-status.ts';
import { SOURCE_VIEW } from '../render/source-ids.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { reportError } from '../../kit/errors.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

const meta: z.ZodType<DeviceStatusMeta> = z.object({
  sourceId: z.string().min(1),
  channel: z.string().nullable(),
});

/** A full queue refuses a status report before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const STATUS_AT_DOOR = {
  view: SOURCE_VIEW.deviceStatus,
  kind: 'readings.device-status',
  busyBlock: STATUS_BLOCK.battery,
} satisfies DoorRule;

export async function handleSourceDeviceStatusSubmit(
  args: SubmitArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
): Promise<void> {
  const { ack, body, view, client } = args;
  const m = decodeValue(meta, view.private_metadata);
  if (!m) {
    await ack();
    return;
  }
  const v = view.state.values;
  const result = statusFromForm({
    battery: v[STATUS_BLOCK.battery]?.value?.value,
    ticked: (v[STATUS_BLOCK.flags]?.value?.selected_options ?? []).map((o) => o.value),
    temperature: v[STATUS_BLOCK.temperature]?.value?.value,
    version: v[STATUS_BLOCK.version]?.value?.value,
  });
  if (!result.ok) {
    await ack({ response_action: 'errors', errors: result.errors });
    return;
  }
  // The report is a job's work (src/runtime/jobs/hand-off.ts); a full queue keeps the modal open with what was typed.
  if (!(await handOff(args, STATUS_AT_DOOR.kind, { busyBlock: STATUS_AT_DOOR.busyBlock }))) return;
  const user = body.user.id;
  const target = { client, channel: m.channel ?? user, user };
  try {
    await deps.sources.reportDeviceStatus(m.sourceId, result.status);
    await notify(
      target,
      ':white_check_mark: Device status reported. fieldline’s alert relay will pick the report up on its next check.',
    );
  } catch (err) {
    await reportError(deps, target, err, { view: SOURCE_VIEW.deviceStatus, sourceId: m.sourceId });
  }
}
