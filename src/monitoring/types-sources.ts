/**
 * Domain types of the data-source and reading resources (contract sections 1–7), as fieldline reads them.
 * Re-exported by ./api.ts; parsed from the wire by the resource modules.
 */

// ───────────────────────── shared shapes ─────────────────────────

export interface Ref {
  id: string;
  name: string | null;
}
export interface SiteRef {
  id: string;
  name: string | null;
  channelId: string | null;
}

/** One page of a paged list (GET /data-sources, /tasks, /reading). */
export interface Page<T> {
  rows: T[];
  /** The response's cursor, verbatim; null when absent. Not proof that more rows exist (paging rule 4). */
  lastValue: string | null;
  /** True when this page ends the list: data null, or fewer rows than `limit`. */
  done: boolean;
}

// ───────────────────────── data sources (sections 1–2) ─────────────────────────

/** Usage ("applying") ids: 1 Sensor, 2 form, 7 AI Vision. */
export const APPLYING = { sensor: '1', form: '2', aiVision: '7' } as const;
/** validationStatus: 10 Pending Validation, 20 Valid, 30 Invalid. */
export const VALIDATION_STATUS = { pending: 10, valid: 20, invalid: 30 } as const;

export interface DataSourceRow {
  id: string;
  name: string;
  /** A bare number in list rows (10, 20, 30) or null. */
  validationStatus: number | null;
  type: { id: string; name: string | null; ordinal?: number | null };
  site: SiteRef;
  applying: Ref | null;
  channelId: string | null;
  isShared: boolean;
  /** Present with withLastReadings: the latest reading row, when the source has one. */
  lastReading?: ReadingRow | null;
  /** Every other key the service sent, untouched. */
  [key: string]: unknown;
}

export interface MetricDef {
  /** The key used in reading rows and POST /reading `values`. */
  metricId: string;
  /** Metric name from `metric.name`. */
  name: string | null;
  /** `displayName`, the column name in CSV template/import/export. */
  displayName: string | null;
  /** Unit as the service sent it (inner structure not shown by the contract). */
  uom: unknown;
  /** Best-effort unit label derived from `uom` (e.g. "kWh"), or null. */
  unitLabel: string | null;
  isRequired: boolean;
}

export interface DeviceStatus {
  battery?: number;
  isCharging?: boolean;
  onLine?: boolean;
  deviceOn?: boolean;
  cameraOn?: boolean;
  wifiConnected?: boolean;
  cellularConnected?: boolean;
  ethernetConnected?: boolean;
  temperature?: number;
  version?: string;
}

export interface DataSource {
  id: string;
  name: string;
  description: string | null;
  externalId: string | null;
  type: Ref;
  applying: Ref | null;
  site: SiteRef;
  offset: number | null;
  timezoneId: string | null;
  /** IANA zone name, e.g. Europe/Berlin. */
  tzTimezoneName: string | null;
  inactiveThreshold: number | null;
  validationStatus: Ref | null;
  activityStatus: Ref | null;
  collector: Ref | null;
  collectorType: Ref | null;
  collectionEnabled: boolean | null;
  readingInterval: number | null;
  channelId: string | null;
  companyId: string | null;
  isShared: boolean;
  /** withSchema=true: the writable metrics. null when not asked or when the source has no schema. */
  metrics: MetricDef[] | null;
  /** True when withSchema was asked and the service answered 500 (source has no schema); the record was re-fetched without it. */
  schemaMissing: boolean;
  /** withLastReading=true: latest reading, when any. */
  lastReading: ReadingRow | null;
  /** The device status last reported (camera sources), when the record carries one. */
  deviceStatus: (DeviceStatus & { reportedAt?: string | null }) | null;
  [key: string]: unknown;
}

export interface DataSourceQuery {
  limit?: number;
  siteIds?: string[];
  meterIds?: string[];
  applyingIds?: string[];
  textSearch?: string;
  withLastReadings?: boolean;
  withDetails?: boolean;
  onlyMain?: boolean;
}

// ───────────────────────── readings (sections 3–7) ─────────────────────────

export interface ReadingRow {
  /** Data source id: a number in reading rows (contract: "Reading row"). */
  meterId: number;
  /** ISO 8601 UTC with microseconds, verbatim. */
  eventDate: string;
  /** Metric id → value; null when the metric had no value at that timestamp. */
  values: Record<string, number | string | null>;
}

/** Exactly one time-filter mode (contract section 3). Local times are in the source's site time zone. */
export type TimeRange =
  | { mode: 'absolute'; startTime: string; endTime: string }
  | { mode: 'relative'; startHour: string; endHour: string; startOffset: string; endOffset: string };

export interface ReadingQuery {
  meterId: string;
  range: TimeRange;
  /** 1–500, default 500. */
  limit?: number;
  sortDesc?: boolean;
}

export interface MeterReadings {
  meterId: string;
  /** timestamp null = the server's current time; the key is always sent. */
  readings: { timestamp: string | null; values: Record<string, number | string | null> }[];
}
