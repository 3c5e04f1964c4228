/**
 * Builds the evaluator's input from what one cycle read: the list row (withLastReadings) and, for camera
 * sources only, the full record (device status). List rows carry "other fields depending on the flags", so
 * thresholds and statuses are read defensively: the full record wins, the row is used when it has them.
 */
import { z } from 'zod';
import { APPLYING, type DataSource, type DataSourceRow } from '../../monitoring/api.ts';
import type { SourceHealthInput } from './types.ts';

const rowExtras = z.looseObject({
  inactiveThreshold: z.number().nullish().catch(null),
  readingInterval: z.number().nullish().catch(null),
  activityStatus: z
    .union([z.string(), z.looseObject({ name: z.string().nullish() })])
    .nullish()
    .catch(null),
  tzTimezoneName: z.string().nullish().catch(null),
});

function activityName(value: z.output<typeof rowExtras>['activityStatus']): string | null {
  if (value === null || value === undefined) return null;
  return typeof value === 'string' ? value : (value.name ?? null);
}

function epoch(iso: string | null | undefined): number | null {
  if (typeof iso !== 'string') return null;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? null : ms;
}

export function isCameraRow(row: DataSourceRow): boolean {
  return row.applying?.id === APPLYING.aiVision;
}

/** The site's IANA zone as far as this row or record tells; null when neither does. */
export function zoneOf(row: DataSourceRow, record: DataSource | undefined): string | null {
  return record?.tzTimezoneName ?? rowExtras.safeParse(row).data?.tzTimezoneName ?? null;
}

export function toHealthInput(row: DataSourceRow, record: DataSource | undefined): SourceHealthInput {
  const extras = rowExtras.safeParse(row).data;
  const camera = isCameraRow(row);
  const last = record?.lastReading ?? row.lastReading ?? null;
  const status = record?.deviceStatus ?? null;
  return {
    id: row.id,
    name: row.name,
    siteId: row.site.id,
    siteName: row.site.name,
    isCamera: camera,
    isSensor: row.applying?.id === APPLYING.sensor,
    lastReadingAt: epoch(last?.eventDate),
    inactiveThresholdSec: record?.inactiveThreshold ?? extras?.inactiveThreshold ?? null,
    readingIntervalSec: record?.readingInterval ?? extras?.readingInterval ?? null,
    activityStatus: record?.activityStatus?.name ?? activityName(extras?.activityStatus),
    // contract: list rows carry validationStatus as a bare number, the full record as {id, name}
    validationStatus: record?.validationStatus ? Number(record.validationStatus.id) : row.validationStatus,
    deviceStatus: camera && status ? { ...status, reportedAt: epoch(status.reportedAt) } : null,
  };
}
