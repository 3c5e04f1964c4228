import type { Checkboxes, ModalView, NumberInput, PlainTextOption } from '@slack/types';
/** Camera device status: its one-line summary and the "Report device status" modal. Pure. */
import type { DataSource, DeviceStatus } from '../../monitoring/api.ts';
import { zoneOrUtc } from '../rules/range.ts';
import { escapeMrkdwn, truncate, safeName } from '../../kit/blocks/mrkdwn.ts';
import { formatNumber, mrkdwn, plain, whenText } from './reading-format.ts';
import { SOURCE_VIEW } from './source-ids.ts';

export const FLAG_FIELDS = [
  ['onLine', 'Online'],
  ['deviceOn', 'Device on'],
  ['cameraOn', 'Camera on'],
  ['isCharging', 'Charging'],
  ['wifiConnected', 'Wi-Fi connected'],
  ['cellularConnected', 'Cellular connected'],
  ['ethernetConnected', 'Ethernet connected'],
] as const;
export type FlagField = (typeof FLAG_FIELDS)[number][0];

export const STATUS_BLOCK = {
  battery: 'battery',
  flags: 'flags',
  temperature: 'temperature',
  version: 'version',
} as const;

const OFF_TEXT: Record<FlagField, string> = {
  onLine: 'offline',
  deviceOn: 'device off',
  cameraOn: 'camera off',
  isCharging: 'not charging',
  wifiConnected: 'no Wi-Fi',
  cellularConnected: 'no cellular',
  ethernetConnected: 'no Ethernet',
};
const NETWORK_FLAGS: readonly FlagField[] = ['wifiConnected', 'cellularConnected', 'ethernetConnected'];

export function deviceStatusText(status: DataSource['deviceStatus'], zone: string): string {
  if (!status) return '_No status reported yet._';
  const parts: string[] = [];
  if (status.battery !== undefined)
    parts.push(`battery ${formatNumber(status.battery)}%${status.isCharging ? ' (charging)' : ''}`);
  // One missing link is normal (a Wi-Fi camera has no Ethernet): it is bold only when no network is up.
  const connected = NETWORK_FLAGS.some((key) => status[key] === true);
  for (const [key, label] of FLAG_FIELDS) {
    if (key === 'isCharging') continue;
    const v = status[key];
    if (v === undefined) continue;
    if (v) parts.push(label.toLowerCase());
    else parts.push(NETWORK_FLAGS.includes(key) && connected ? OFF_TEXT[key] : `*${OFF_TEXT[key]}*`);
  }
  if (status.temperature !== undefined) parts.push(`${formatNumber(status.temperature)} °C`);
  if (status.version) parts.push(`version ${escapeMrkdwn(truncate(status.version, 60))}`);
  const at = status.reportedAt ? Date.parse(status.reportedAt) : NaN;
  const when = Number.isNaN(at) ? '' : `\nreported ${whenText(at, zone)}`;
  return `${parts.join(' · ') || '_empty report_'}${when}`;
}

export interface DeviceStatusMeta {
  sourceId: string;
  channel: string | null;
}

export function renderDeviceStatusView(source: DataSource, meta: DeviceStatusMeta): ModalView {
  const last: DeviceStatus = source.deviceStatus ?? {};
  const flagOptions: PlainTextOption[] = FLAG_FIELDS.map(([key, label]) => ({
    text: plain(label),
    value: key,
  }));
  // a first report starts from a healthy device: the technician unticks what is wrong
  const initial = FLAG_FIELDS.filter(([key]) =>
    source.deviceStatus
      ? last[key] === true
      : key !== 'isCharging' && key !== 'cellularConnected' && key !== 'ethernetConnected',
  );
  const flags: Checkboxes = { type: 'checkboxes', action_id: 'value', options: flagOptions };
  if (initial.length > 0)
    flags.initial_options = initial.map(([key, label]) => ({ text: plain(label), value: key }));
  const number = (initialValue: number | undefined, min?: string, max?: string): NumberInput => ({
    type: 'number_input',
    action_id: 'value',
    is_decimal_allowed: true,
    ...(initialValue !== undefined ? { initial_value: String(initialValue) } : {}),
    ...(min !== undefined ? { min_value: min } : {}),
    ...(max !== undefined ? { max_value: max } : {}),
  });
  const zone = zoneOrUtc(source.tzTimezoneName);
  return {
    type: 'modal',
    callback_id: SOURCE_VIEW.deviceStatus,
    private_metadata: JSON.stringify(meta),
    title: plain('Device status', 24),
    submit: plain('Report', 24),
    close: plain('Cancel', 24),
    blocks: [
      {
        type: 'section',
        text: mrkdwn(
          `*${safeName(source.name, 200)}*\nLast report: ${deviceStatusText(source.deviceStatus, zone)}`,
        ),
      },
      {
        type: 'input',
        block_id: STATUS_BLOCK.battery,
        label: plain('Battery (%)', 2000),
        element: number(last.battery, '0', '100'),
      },
      {
        type: 'input',
        block_id: STATUS_BLOCK.flags,
        optional: true,
        label: plain('Device', 2000),
        element: flags,
      },
      {
        type: 'input',
        block_id: STATUS_BLOCK.temperature,
        optional: true,
        label: plain('Temperature (°C)', 2000),
        element: number(last.temperature),
      },
      {
        type: 'input',
        block_id: STATUS_BLOCK.version,
        optional: true,
        label: plain('Software version', 2000),
        element: {
          type: 'plain_text_input',
          action_id: 'value',
          max_length: 100,
          ...(last.version ? { initial_value: last.version } : {}),
        },
      },
      {
        type: 'context',
        elements: [
          mrkdwn(
            'Every report sends the full status: unticked boxes are reported as false and may raise alerts.',
          ),
        ],
      },
    ],
  };
}
