/**
 * Fixed reference data of the seed: the company, sites (time zones with and without daylight saving),
 * platform users and the kinds of data source with their metric schemas.
 */
import type { Metric, Site, SourceKind, User } from './model.ts';

export const COMPANY = { id: '42', name: 'Northwind Industrial' } as const;

export const SITES: readonly Site[] = [
  {
    id: '101',
    name: 'Berlin Plant',
    channelId: '7101',
    timeZone: 'Europe/Berlin',
    timezoneId: 'W. Europe Standard Time',
  },
  {
    id: '102',
    name: 'Chicago Works',
    channelId: '7102',
    timeZone: 'America/Chicago',
    timezoneId: 'Central Standard Time',
  },
  {
    id: '103',
    name: 'Pune Assembly',
    channelId: '7103',
    timeZone: 'Asia/Kolkata',
    timezoneId: 'India Standard Time',
  },
  {
    id: '104',
    name: 'São Paulo Packaging',
    channelId: '7104',
    timeZone: 'America/Sao_Paulo',
    timezoneId: 'E. South America Standard Time',
  },
  {
    id: '105',
    name: 'Sydney Terminal',
    channelId: '7105',
    timeZone: 'Australia/Sydney',
    timezoneId: 'AUS Eastern Standard Time',
  },
];

/** The site the sandbox's `limited` key may touch. */
export const LIMITED_SITE_ID = '102';

function user(id: string, first: string, last: string, siteIds: string[]): User {
  const handle = `${first}.${last}`
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z.]/g, '');
  return {
    id,
    firstName: first,
    lastName: last,
    email: `${handle}@plant.example`,
    username: handle,
    channelId: `u${id}`,
    siteIds,
  };
}

/**
 * Platform people. The Slack stand-in gives its local users the same emails so assignee mapping works.
 * `siteIds` decides whether PATCH /task/{id} honours an assigneeId (see README: reassignment is unreliable).
 */
export const SEED_USERS: readonly User[] = [
  user('501', 'Ana', 'Silva', ['101', '104']),
  user('502', 'Ben', 'Okafor', ['102']),
  user('503', 'Lena', 'Fischer', ['101']),
  user('504', 'David', 'Kim', ['102']),
  user('505', 'Emily', 'Carter', ['102']),
  user('506', 'Diego', 'Ramirez', ['102', '104']),
  user('507', 'Priya', 'Sharma', ['103']),
  user('508', 'Arjun', 'Mehta', ['103']),
  user('509', 'Beatriz', 'Costa', ['104']),
  user('510', 'Lucas', 'Oliveira', ['104']),
  user('511', 'Chloe', 'Martin', ['105']),
  user('512', 'Liam', 'Obrien', ['105']),
  user('513', 'Sam', 'Operator', ['101', '102', '103', '104', '105']),
];

/** The platform user the API keys act as (auditInfo.createdBy of writes). */
export const API_USER_ID = '599';
export const API_USER_NAME = 'Integration User';
/** The "other platform user" live mode and admin.updateTask act as. */
export const OTHER_USER_ID = '513';

function m(
  id: string,
  name: string,
  uom: [string, string] | null,
  gen: Metric['gen'],
  extra: Partial<Metric> = {},
): Metric {
  return {
    id,
    name,
    displayName: name,
    uom: uom ? { id: `u-${uom[0]}`, name: uom[0], symbol: uom[1] } : null,
    valueType: gen.kind === 'choice' ? 'string' : 'number',
    calculated: false,
    isRequired: false,
    gen,
    ...extra,
  };
}

const wave = (base: number, amp: number, noise: number, decimals = 2) =>
  ({ kind: 'wave', base, amp, noise, decimals }) as const;

/** A source kind: by default a pushing sensor (applyingId 1) with a schema and the seed's reading interval. */
function kind(
  key: SourceKind['key'],
  [id, name, ordinal]: [string, string, number],
  opts: Partial<Pick<SourceKind, 'applyingId' | 'hasSchema' | 'intervalSeconds' | 'push'>>,
  metrics: Metric[],
): SourceKind {
  return {
    key,
    type: { id, name, ordinal },
    applyingId: 1,
    hasSchema: true,
    intervalSeconds: null,
    push: true,
    ...opts,
    metrics,
  };
}

export const KINDS: Record<SourceKind['key'], SourceKind> = {
  energy: kind('energy', ['11', 'Energy Meter', 1], { push: false }, [
    m('1101', 'Active Power', ['kilowatt', 'kW'], wave(180, 60, 20), { isRequired: true }),
    m('1102', 'Energy', ['kilowatt hour', 'kWh'], { kind: 'counter', perHour: 180 }),
    m('1103', 'Power Factor', null, wave(0.92, 0.04, 0.02, 3)),
    m('1104', 'Breaker State', null, { kind: 'choice', options: ['CLOSED', 'CLOSED', 'CLOSED', 'OPEN'] }),
    m('1199', 'Load Factor', ['percent', '%'], wave(70, 15, 5, 1), { calculated: true }),
  ]),
  flow: kind('flow', ['12', 'Flow Meter', 2], {}, [
    m('1201', 'Flow Rate', ['cubic metre per hour', 'm³/h'], wave(42, 12, 3), { isRequired: true }),
    m('1202', 'Pressure', ['bar', 'bar'], wave(6.2, 0.8, 0.3)),
    m('1203', 'Valve Position', null, { kind: 'choice', options: ['OPEN', 'OPEN', 'THROTTLED', 'CLOSED'] }),
    m('1299', 'Daily Volume', ['cubic metre', 'm³'], wave(1000, 250, 40, 0), { calculated: true }),
  ]),
  climate: kind('climate', ['13', 'Environment Sensor', 3], {}, [
    m('1301', 'Temperature', ['degree Celsius', '°C'], wave(21, 4, 0.8, 1), { isRequired: true }),
    m('1302', 'Humidity', ['percent', '%'], wave(45, 10, 3, 1)),
    m('1303', 'CO2', ['parts per million', 'ppm'], wave(650, 200, 60, 0)),
  ]),
  gateway: kind('gateway', ['14', 'Gateway', 4], { hasSchema: false }, [
    m('1401', 'Signal', ['decibel-milliwatts', 'dBm'], wave(-67, 6, 3, 0)),
    m('1402', 'Link', null, { kind: 'choice', options: ['UP', 'UP', 'UP', 'DEGRADED'] }),
  ]),
  form: kind('form', ['21', 'Form', 5], { applyingId: 2, intervalSeconds: 8 * 3600 }, [
    m(
      '2101',
      'Inspector',
      null,
      { kind: 'choice', options: ['Shift A', 'Shift B', 'Shift C'] },
      { isRequired: true },
    ),
    m('2102', 'Oil Level', ['percent', '%'], wave(78, 12, 4, 0)),
    m(
      '2103',
      'Result',
      null,
      { kind: 'choice', options: ['PASS', 'PASS', 'PASS', 'FAIL'] },
      { isRequired: true },
    ),
    m('2104', 'Notes', null, {
      kind: 'choice',
      options: ['ok', 'guard loose', 'leak at flange', 'cleaned filter'],
    }),
  ]),
  camera: kind('camera', ['31', 'Camera', 6], { applyingId: 7, intervalSeconds: 3600 }, [
    m('3101', 'People In', null, wave(40, 30, 8, 0)),
    m('3102', 'People Out', null, wave(38, 30, 8, 0)),
    m('3199', 'Occupancy', null, wave(12, 8, 3, 0), { calculated: true }),
  ]),
};

/** A camera's device status with nothing to alert on; the seed varies battery and temperature per camera. */
export const HEALTHY_CAMERA = {
  battery: 90,
  isCharging: false,
  onLine: true,
  deviceOn: true,
  cameraOn: true,
  wifiConnected: true,
  cellularConnected: false,
  ethernetConnected: false,
  temperature: 30,
  version: '4.2.1',
};

export const APPLYING_NAMES: Record<1 | 2 | 7, string> = { 1: 'Sensor', 2: 'form', 7: 'AI Vision' };

/** Hand-made sources every seed starts with (site, kind, name, flags). */
export const CORE_SOURCES: readonly {
  site: string;
  kind: SourceKind['key'];
  name: string;
  shared?: boolean;
  noReadings?: boolean;
  validation?: 10 | 20 | 30;
}[] = [
  { site: '101', kind: 'energy', name: 'Main Energy Meter' },
  { site: '101', kind: 'flow', name: 'Cooling Water Flow' },
  { site: '101', kind: 'flow', name: 'Compressed Air Header', shared: true },
  { site: '101', kind: 'climate', name: 'Hall A Climate' },
  { site: '101', kind: 'gateway', name: 'Legacy Gateway', validation: 10 },
  { site: '101', kind: 'form', name: 'Daily Safety Round' },
  { site: '101', kind: 'camera', name: 'Gate Camera North' },
  { site: '102', kind: 'energy', name: 'Line 1 Energy Meter' },
  { site: '102', kind: 'flow', name: 'Boiler Feed Flow' },
  { site: '102', kind: 'climate', name: 'Warehouse Climate' },
  { site: '102', kind: 'climate', name: 'Spare Sensor', noReadings: true, validation: 10 },
  { site: '102', kind: 'form', name: 'Shift Handover Checklist' },
  { site: '102', kind: 'camera', name: 'Dock Camera' },
  { site: '103', kind: 'energy', name: 'Press Shop Energy' },
  { site: '103', kind: 'climate', name: 'Paint Booth Climate', validation: 30 },
  { site: '103', kind: 'form', name: 'Quality Form' },
  { site: '103', kind: 'camera', name: 'Entrance Camera' },
  { site: '104', kind: 'energy', name: 'Packaging Line Energy' },
  { site: '104', kind: 'flow', name: 'Chiller Flow' },
  { site: '105', kind: 'energy', name: 'Terminal Energy Meter' },
  { site: '105', kind: 'flow', name: 'Tank Farm Flow' },
  { site: '105', kind: 'camera', name: 'Berth Camera' },
];
