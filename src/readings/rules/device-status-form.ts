/**
 * The device status form → the POST /devices/status body. contract: section 14 — "the full set of battery,
 * onLine, deviceOn, cameraOn, wifiConnected, cellularConnected should be sent every time": every flag is
 * sent, unticked as false. Pure: errors are keyed by field; the listener puts them on the form's blocks.
 */
import type { DeviceStatus } from '../../monitoring/api.ts';

/** The form's fields that can be wrong. */
export type StatusField = 'battery' | 'temperature';
type Flag = Exclude<keyof DeviceStatus, 'battery' | 'temperature' | 'version'>;

export interface StatusForm {
  battery: string | null | undefined;
  /** Values of the ticked checkboxes (DeviceStatus flag names). */
  ticked: readonly string[];
  temperature: string | null | undefined;
  version: string | null | undefined;
}

export type StatusResult =
  | { ok: true; status: Required<Omit<DeviceStatus, 'temperature' | 'version'>> & DeviceStatus }
  | { ok: false; errors: Partial<Record<StatusField, string>> };

function number(text: string | null | undefined): number | null | 'bad' {
  const t = text?.trim() ?? '';
  if (t === '') return null;
  const n = Number(t);
  return Number.isFinite(n) && /^[+-]?(\d+(\.\d*)?|\.\d+)$/.test(t) ? n : 'bad';
}

export function statusFromForm(form: StatusForm): StatusResult {
  const errors: Partial<Record<StatusField, string>> = {};
  const battery = number(form.battery);
  if (battery === null) errors.battery = 'Battery is required (0–100 %).';
  else if (battery === 'bad' || battery < 0 || battery > 100)
    errors.battery = 'Battery is a percentage from 0 to 100.';
  const temperature = number(form.temperature);
  if (temperature === 'bad') errors.temperature = 'Temperature is a number of degrees Celsius.';
  if (Object.keys(errors).length > 0 || typeof battery !== 'number') return { ok: false, errors };
  const flag = (key: Flag) => form.ticked.includes(key);
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
