/** POST /devices/status/{id} (section 14): report a camera device's health. */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { applyDeviceStatus } from '../alerts.ts';
import { HttpError, noAccess, ok, ValidationError, type Reply } from '../http.ts';
import type { DeviceStatus } from '../types.ts';
import { isObj, strictObj } from '../validate.ts';

const BOOLEANS = [
  'isCharging',
  'onLine',
  'deviceOn',
  'cameraOn',
  'wifiConnected',
  'cellularConnected',
  'ethernetConnected',
];
const NUMBERS = ['battery', 'temperature'];

/** Type-checks the status fields; unknown fields inside `status` are kept (the contract lists no strictness there). */
export function parseDeviceStatus(value: unknown): DeviceStatus {
  if (!isObj(value)) throw new ValidationError('status must be an object');
  const out: DeviceStatus = {};
  for (const [name, field] of Object.entries(value)) {
    if (BOOLEANS.includes(name) && typeof field !== 'boolean')
      throw new ValidationError(`status.${name} must be a boolean`);
    if (NUMBERS.includes(name) && (typeof field !== 'number' || !Number.isFinite(field)))
      throw new ValidationError(`status.${name} must be a number`);
    if (name === 'version' && typeof field !== 'string')
      throw new ValidationError('status.version must be a string');
    out[name] = field;
  }
  return out;
}

function reportDeviceStatus({ state, key, params, body: raw }: KeyedRequest): Reply {
  const source = state.world.sourceById.get(params.id ?? '');
  if (!source || !state.canWrite(key, source)) throw noAccess('data source');
  if (source.kind.applyingId !== 7) {
    // contract: "Error detail from this endpoint is unusually detailed and is not a stable contract."
    throw new HttpError(
      400,
      `Data source ${source.id} (${source.kind.type.name}) is not a computer-vision device; device status applies to AI Vision sources only.`,
      '02-001',
    );
  }
  const body = strictObj(raw, ['status'], 'device status body');
  if (body.status === undefined) throw new ValidationError('status is required');
  const status = parseDeviceStatus(body.status);
  applyDeviceStatus(state, source, status);
  state.deviceStatuses.push({ sourceId: source.id, status, at: state.now() });
  return ok('SUCCESS');
}

export const postDeviceStatus = apiRoute('POST', '/devices/status/{id}', [], reportDeviceStatus);
