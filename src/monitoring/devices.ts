/** POST /devices/status/{id}: a camera (CV) device reports its health. */
import type { DeviceStatus, MonitoringApi } from './api.ts';
import { boolArg, compact, idArg, numberArg, onlyKeys, segment, textArg } from './args.ts';
import type { ResourceContext } from './context.ts';
import { parseBody, successAnswer } from './schemas.ts';

const BOOLEAN_FIELDS = [
  'isCharging',
  'onLine',
  'deviceOn',
  'cameraOn',
  'wifiConnected',
  'cellularConnected',
  'ethernetConnected',
] as const;

/** contract: section 14 — body {status: {...}}; only the fields of the table, with their types. */
export function statusBody(status: DeviceStatus): { status: Record<string, unknown> } {
  onlyKeys('status', status, ['battery', 'temperature', 'version', ...BOOLEAN_FIELDS]);
  const flags: Record<string, boolean | undefined> = {};
  for (const field of BOOLEAN_FIELDS) flags[field] = boolArg(`status.${field}`, status[field]);
  return {
    status: compact({
      battery: numberArg('status.battery', status.battery),
      ...flags,
      temperature: numberArg('status.temperature', status.temperature),
      version: textArg('status.version', status.version),
    }),
  };
}

export function devicesResource(ctx: ResourceContext): MonitoringApi['devices'] {
  return {
    async reportStatus(id, status, signal) {
      const json = statusBody(status);
      const path = `/devices/status/${segment(idArg('id', id))}`;
      const body = await ctx.http.send({ method: 'POST', path, json, signal });
      // contract: section 14 — "Response: {data: SUCCESS}".
      parseBody(successAnswer, body, 'POST /devices/status/{id}');
    },
  };
}
