/**
 * The device status form → the POST /devices/status body. contract: section 14 — "the full set of battery,
 * onLine, deviceOn, cameraOn, wifiConnected, cellularConnected should be sent every time": every flag is
 * sent, unticked as false. Pure.
 */
import type { DeviceStatus } from '../../monitoring/api.ts';
import { STATUS_BLOCK, type FLAG_FIELDS } from '../render/source-device-status.ts';

export interface StatusForm {
  battery: string | null | undefined;
  /** Values of the ticked checkboxes (FLAG_FIELDS keys). */
  ticked: readonly string[];
  temperature: string | null | undefined;
  version: string | null | undefined;
}

export type StatusResult =
  | { ok: true; status: Required<Omit<DeviceStatus, 'temperature' | 'version'>> & DeviceStatus }
  | { ok: false; errors: Record<string, string> };

function number(text: string | null | undefined): number | null | 'bad' {
  const t = text?.trim() ?? '';
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? n : 'bad';
}

export function statusFromForm(form: StatusForm): StatusResult {
  const errors: Record<string, string> = {};
  const battery = number(form.battery);
  if (battery === null) errors[STATUS_BLOCK.battery] = 'Battery is required (0–100 %).';
  else if (battery === 'bad' || battery < 0 || battery > 100)
    errors[STATUS_BLOCK.battery] = 'Battery is a percentage from 0 to 100.';
  const temperature = number(form.temperature);
  if (temperature === 'bad') errors[STATUS_BLOCK.temperature] = 'Temperature is a number of degrees Celsius.';
  if (Object.keys(errors).length > 0 || typeof battery !== 'number') return { ok: false, errors };
  const flag = (key: (typeof FLAG_FIELDS)[number][0]) => form.ticked.includes(key);
  const version = form.version?.trim();
  return {
    ok: true,
    status: {
      battery,
      isCharging: flag('isCharging'),
      onLine: flag('onLine'),
      deviceOn: flag('deviceOn'),
      cameraOn: flag('cameraOn'),
      wifiConnected: flag('wifiConnected'),
      cellularConnected: flag('cellularConnected'),
      ethernetConnected: flag('ethernetConnected'),
      ...(typeof temperature === 'number' ? { temperature } : {}),
      ...(version ? { version } : {}),
    },
  };
}
