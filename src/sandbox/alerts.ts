/**
 * Alert evaluation of a reported camera status. contract: section 14 — "an omitted or unhealthy value
 * raises an alert rather than failing the request. Re-reporting a healthy status clears earlier alerts."
 * Thresholds are not in the contract; the sandbox uses battery < 20 % (unless charging) and > 70 °C.
 */
import type { Source } from './model.ts';
import type { SandboxState } from './state.ts';
import type { DeviceStatus } from './types.ts';

export const EXPECTED_FIELDS = [
  'battery',
  'onLine',
  'deviceOn',
  'cameraOn',
  'wifiConnected',
  'cellularConnected',
] as const;
export const LOW_BATTERY = 20;
export const HIGH_TEMPERATURE = 70;

export function problemsOf(status: DeviceStatus): Map<string, string> {
  const out = new Map<string, string>();
  for (const field of EXPECTED_FIELDS)
    if (status[field] === undefined) out.set(`missing:${field}`, `${field} was not reported`);
  if (typeof status.battery === 'number' && status.battery < LOW_BATTERY && status.isCharging !== true)
    out.set('low-battery', `battery at ${status.battery}%`);
  if (status.onLine === false) out.set('offline', 'device cannot reach the service');
  if (status.deviceOn === false) out.set('device-off', 'device is switched off');
  if (status.cameraOn === false) out.set('camera-off', 'camera is switched off');
  if (status.wifiConnected !== true && status.cellularConnected !== true && status.ethernetConnected !== true)
    out.set('no-network', 'no connected network reported');
  if (typeof status.temperature === 'number' && status.temperature > HIGH_TEMPERATURE)
    out.set('high-temperature', `temperature ${status.temperature} °C`);
  return out;
}

/** Stores the status on the source (shown as `deviceStatus`) and raises/clears alerts. */
export function applyDeviceStatus(state: SandboxState, source: Source, status: DeviceStatus): void {
  const now = state.now();
  source.deviceStatus = { ...status, reportedAt: new Date(now).toISOString() };
  const problems = problemsOf(status);
  const active = state.alerts.filter((a) => a.sourceId === source.id && a.clearedAt === null);
  for (const alert of active) if (!problems.has(alert.kind)) alert.clearedAt = now;
  for (const [kind, detail] of problems) {
    if (active.some((a) => a.kind === kind)) continue;
    state.alerts.push({
      id: state.seq.alert++,
      sourceId: source.id,
      kind,
      detail,
      raisedAt: now,
      clearedAt: null,
    });
  }
}
