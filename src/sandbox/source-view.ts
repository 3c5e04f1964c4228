/** JSON shapes of data sources: the list row (GET /data-sources) and the full record (GET /data-sources/{id}). */
import type { Metric, Source } from './model.ts';
import { APPLYING_NAMES, API_USER_ID, COMPANY } from './seed-catalog.ts';
import type { SandboxState } from './state.ts';
import { eventDate, offsetMinutes } from './time.ts';
import type { StoredRow } from './readings-store.ts';

const VALIDATION_NAMES = { 10: 'Pending Validation', 20: 'Valid', 30: 'Invalid' } as const;

/** Flat reading row — contract: reading row "Rows are flat"; meter_id a number; event_date UTC with µs. */
export function readingRow(source: Source, row: StoredRow): Record<string, unknown> {
  return { ...row.values, meter_id: source.num, event_date: eventDate(row.t) };
}

function metricJson(metric: Metric) {
  return {
    id: metric.id,
    name: metric.name,
    displayName: metric.displayName,
    uom: metric.uom,
    isCalculated: metric.calculated,
  };
}

/** IDs in responses are strings (convention 3) unless the contract marks a number (validationStatus). */
/** Activity: 40 Pending Readings (contract), 10 Active, 30 Inactive after `inactiveThreshold` of silence. */
export function activityStatus(state: SandboxState, source: Source): { id: string; name: string } {
  const latest = state.readings.latest(source);
  if (!latest) return { id: '40', name: 'Pending Readings' };
  const threshold = inactiveThreshold(source);
  if (threshold !== null && state.now() - latest.t > threshold * 1000) return { id: '30', name: 'Inactive' };
  return { id: '10', name: 'Active' };
}

function inactiveThreshold(source: Source): number | null {
  return source.kind.key === 'form' ? null : (source.intervalMs / 1000) * 4;
}

export interface ListFlags {
  withLastReadings: boolean;
  withDetails: boolean;
  onlyMain: boolean;
}

export function listRow(state: SandboxState, source: Source, flags: ListFlags): Record<string, unknown> {
  const row: Record<string, unknown> = {
    id: source.id,
    name: source.name,
    validationStatus: source.validationStatus,
    type: { ...source.kind.type },
    site: { id: source.site.id, name: source.site.name, channelId: source.site.channelId },
    applying: { id: String(source.kind.applyingId), name: APPLYING_NAMES[source.kind.applyingId] },
    channelId: source.site.channelId,
    isShared: source.isShared,
  };
  if (flags.withLastReadings) {
    const latest = state.readings.latest(source);
    row.lastReading = latest ? readingRow(source, latest) : null;
  }
  const main = source.kind.metrics[0];
  if (flags.onlyMain && main) row.metrics = [metricJson(main)];
  else if (flags.withDetails) row.metrics = source.kind.metrics.map(metricJson);
  return row;
}

function schemaJson(source: Source) {
  // contract: full record — "Metrics calculated by the service are omitted".
  return {
    id: `schema-${source.kind.key}`,
    metrics: source.kind.metrics
      .filter((m) => !m.calculated)
      .map((m) => ({
        metric: { id: m.id, name: m.name },
        uom: m.uom,
        displayName: m.displayName,
        isRequired: m.isRequired,
        valueType: m.valueType,
      })),
  };
}

function kindDetails(source: Source): Record<string, unknown> {
  const k = source.kind.key;
  if (k === 'form') {
    const metrics = source.kind.metrics;
    return {
      formConfig: {
        order: metrics.map((m) => m.id),
        required: metrics.filter((m) => m.isRequired).map((m) => m.id),
        properties: Object.fromEntries(
          metrics.map((m) => [m.id, { title: m.displayName, type: m.valueType }]),
        ),
      },
    };
  }
  if (k === 'camera') {
    return {
      cv: {
        countingLines: [{ id: 'line-1', name: 'Doorway', in: '3101', out: '3102' }],
        shifts: [{ name: 'Day', start: '06:00', end: '18:00' }],
        postingIntervals: [3600],
      },
      deviceStatus: source.deviceStatus ? { ...source.deviceStatus } : null,
    };
  }
  if (k === 'gateway' || source.ipAddress === null) return {};
  return {
    ipAddress: source.ipAddress,
    port: 502,
    modbus: { unitId: 1, registers: source.kind.metrics.length },
  };
}

export function fullRecord(
  state: SandboxState,
  source: Source,
  withSchema: boolean,
  withLastReading: boolean,
): Record<string, unknown> {
  const audit = new Date(source.createdMs).toISOString();
  const record: Record<string, unknown> = {
    id: source.id,
    name: source.name,
    description: source.description,
    externalId: source.externalId,
    type: { id: source.kind.type.id, name: source.kind.type.name },
    applying: { id: String(source.kind.applyingId), name: APPLYING_NAMES[source.kind.applyingId] },
    site: { id: source.site.id, name: source.site.name, channelId: source.site.channelId },
    offset: offsetMinutes(source.site.timeZone, state.now()),
    timezoneId: source.site.timezoneId,
    tzTimezoneName: source.site.timeZone,
    model: source.kind.key === 'energy' ? { id: '77', name: 'PM5560' } : { id: null, name: null },
    manufacturer: source.kind.key === 'energy' ? { id: '12', name: 'Schneider Electric' } : null,
    inactiveThreshold: inactiveThreshold(source),
    validationStatus: { id: source.validationStatus, name: VALIDATION_NAMES[source.validationStatus] },
    activityStatus: activityStatus(state, source),
    collector: source.kind.push ? null : { id: '9001', name: 'Edge Collector' },
    collectorType: source.kind.push ? { id: '2', name: 'Push' } : { id: '1', name: 'Pull' },
    isCustomSchema: source.kind.key === 'form',
    collectionEnabled: true,
    readingInterval: source.kind.push ? null : source.intervalMs / 1000,
    channelId: source.site.channelId,
    companyId: COMPANY.id,
    isShared: source.isShared,
    isTemplate: false,
    isDeleted: false,
    isPrivate: false,
    displayUoms: source.kind.metrics
      .filter((m) => m.uom)
      .map((m) => ({ metricId: m.id, uomId: m.uom?.id ?? null })),
    images: null,
    files: null,
    meterSchema: withSchema ? schemaJson(source) : null,
    auditInfo: {
      createdBy: { id: API_USER_ID, name: 'Integration User' },
      createdDate: audit,
      lastModifiedBy: { id: API_USER_ID, name: 'Integration User' },
      lastModifiedDate: audit,
    },
    ...kindDetails(source),
  };
  if (withLastReading) {
    const latest = state.readings.latest(source);
    record.lastReading = latest ? readingRow(source, latest) : null;
  }
  return record;
}
