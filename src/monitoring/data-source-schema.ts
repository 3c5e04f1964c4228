/**
 * Wire shapes of GET /data-sources rows and the GET /data-sources/{id} full record, and their mapping to the
 * domain types. Fields the contract calls nullable, and ones it leaves to "clients read defensively", are
 * tolerated when absent.
 */
import { z } from 'zod';
import type { DataSource, DataSourceRow, DeviceStatus, MetricDef } from './api.ts';
import { isPlainObject } from './args.ts';
import { embeddedReading } from './reading-row.ts';
import { idText, opt, ref, siteRef } from './schemas.ts';

// contract: Data source list row — validationStatus is "a bare number here, an object in the full record".
export const listRowWire = z.looseObject({
  id: z.string(),
  name: z.string(),
  validationStatus: opt(z.number()),
  type: z.looseObject({ id: idText, name: opt(z.string()), ordinal: opt(z.number()) }),
  site: siteRef,
  applying: opt(ref),
  channelId: opt(z.string()),
  isShared: z.boolean(),
});

const metricWire = z.looseObject({
  metric: z.looseObject({ id: idText, name: opt(z.string()) }),
  uom: z.unknown().optional(),
  displayName: opt(z.string()),
  isRequired: opt(z.boolean()),
});

export const fullRecordWire = z.looseObject({
  id: z.string(),
  name: z.string(),
  description: opt(z.string()),
  externalId: opt(z.string()),
  type: ref,
  applying: opt(ref),
  site: siteRef,
  offset: opt(z.number()),
  timezoneId: opt(z.string()),
  tzTimezoneName: opt(z.string()),
  inactiveThreshold: opt(z.number()),
  validationStatus: opt(ref),
  activityStatus: opt(ref),
  collector: opt(ref),
  collectorType: opt(ref),
  collectionEnabled: opt(z.boolean()),
  readingInterval: opt(z.number()),
  channelId: opt(z.string()),
  companyId: opt(z.string()),
  isShared: opt(z.boolean()),
  // contract: Data source full record — meterSchema "holds metrics[], each with metric {id, name}, uom,
  // displayName, isRequired"; only present with withSchema=true.
  meterSchema: opt(z.looseObject({ metrics: opt(z.array(metricWire)) })),
});

/** Best-effort unit label; the contract does not show the structure of `uom`. */
export function unitLabel(uom: unknown): string | null {
  if (typeof uom === 'string') return uom.trim() === '' ? null : uom;
  if (!isPlainObject(uom)) return null;
  for (const key of ['symbol', 'abbreviation', 'name']) {
    const value = uom[key];
    if (typeof value === 'string' && value.trim() !== '') return value;
  }
  return null;
}

export function toMetric(m: z.output<typeof metricWire>): MetricDef {
  return {
    metricId: m.metric.id,
    name: m.metric.name,
    displayName: m.displayName,
    uom: m.uom ?? null,
    unitLabel: unitLabel(m.uom),
    isRequired: m.isRequired ?? false,
  };
}

const STATUS_FIELDS: Record<keyof DeviceStatus, 'number' | 'boolean' | 'string'> = {
  battery: 'number',
  isCharging: 'boolean',
  onLine: 'boolean',
  deviceOn: 'boolean',
  cameraOn: 'boolean',
  wifiConnected: 'boolean',
  cellularConnected: 'boolean',
  ethernetConnected: 'boolean',
  temperature: 'number',
  version: 'string',
};

/**
 * contract: section 14 — "The stored status appears as the data source's device status." Where it appears is
 * not shown, so both `deviceStatus` and `status` objects are read; only fields of the reported shape count.
 */
export function readDeviceStatus(record: Record<string, unknown>): DataSource['deviceStatus'] {
  for (const key of ['deviceStatus', 'status']) {
    const raw = record[key];
    if (!isPlainObject(raw)) continue;
    const out: DeviceStatus & { reportedAt?: string | null } = {};
    let found = false;
    for (const [field, type] of Object.entries(STATUS_FIELDS)) {
      const value = raw[field];
      if (typeof value === type) {
        Object.assign(out, { [field]: value });
        found = true;
      }
    }
    const at = raw.reportedAt ?? raw.updatedAt ?? raw.lastModifiedDate;
    if (typeof at === 'string') out.reportedAt = at;
    if (found) return out;
  }
  return null;
}

export function toDataSource(
  wire: z.output<typeof fullRecordWire>,
  extra: { schemaAsked: boolean; schemaMissing: boolean },
): DataSource {
  const metrics = wire.meterSchema?.metrics ?? null;
  return {
    ...wire,
    isShared: wire.isShared ?? false,
    metrics: extra.schemaAsked && !extra.schemaMissing ? (metrics ?? []).map(toMetric) : null,
    schemaMissing: extra.schemaMissing,
    lastReading: embeddedReading(wire.lastReading ?? wire.lastReadings, wire.id),
    deviceStatus: readDeviceStatus(wire),
  };
}

export function toDataSourceRow(wire: z.output<typeof listRowWire>): DataSourceRow {
  const last = wire.lastReading ?? wire.lastReadings;
  return last === undefined ? { ...wire } : { ...wire, lastReading: embeddedReading(last, wire.id) };
}
