/**
 * The monitoring client's public surface: what the rest of fieldline may call. Implemented by
 * ./client.ts (createMonitoringClient) on one HTTP core; resource modules parse responses with zod
 * (passthrough: unknown keys survive) into these domain types.
 *
 * Nothing here knows about Slack.
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

// ───────────────────────── tasks (sections 8–10) ─────────────────────────

export const TASK_STATUS = { toDo: '5', cancelled: '25' } as const;
export const TASK_PRIORITY = { low: '5', medium: '10', high: '15' } as const;
export const TASK_TYPE = { manual: '1', device: '3' } as const;

export interface Assignee {
  id: string;
  firstName: string | null;
  lastName: string | null;
  name: string | null;
  email: string | null;
  username: string | null;
  channelId: string | null;
  image: { id?: string | null; url?: string | null; thumbnailUrl?: string | null } | null;
  [key: string]: unknown;
}

export interface Task {
  id: string;
  name: string;
  description: string | null;
  /** YYYY-MM-DD */
  dueDate: string | null;
  doneDate: string | null;
  progressDate: unknown;
  timeSpent: string | null;
  formatedTimeSpent: string | null;
  timeToRespond: string | null;
  timeToResolve: string | null;
  timeToDueDate: string | null;
  assignee: Assignee | null;
  status: Ref;
  site: SiteRef | null;
  system: unknown;
  device: (Ref & { [key: string]: unknown }) | null;
  priority: Ref | null;
  type: Ref | null;
  auditInfo: {
    createdBy?: { id?: string | null } | null;
    createdDate?: string | null;
    lastModifiedBy?: { id?: string | null } | null;
    lastModifiedDate?: string | null;
  } | null;
  timeSpentMandatory: boolean | null;
  /** Feed post id: a number (contract: "Task"). */
  postId: number | null;
  [key: string]: unknown;
}

export interface TaskQuery {
  limit?: number;
  textSearch?: string;
  sortDesc?: boolean;
  siteIds?: string[];
  statusIds?: string[];
  priorityIds?: string[];
  assigneeIds?: string[];
  typeIds?: string[];
}

/** POST /task/ body. The client enforces the contract (strict fields, id strings, type/device pairing). */
export interface TaskCreate {
  name: string;
  siteId: string;
  typeId: '1' | '3';
  deviceId?: string;
  priorityId?: string;
  statusId?: string;
  description?: string;
  dueDate?: string;
  assigneeId?: string;
  toChannelId?: string;
  fileIds?: string[];
  formattedDescription?: object[];
  timeSpentMandatory?: boolean;
  noInitialComment?: boolean;
}

/** PATCH /task/{id} body: only the fields to change. */
export interface TaskPatch {
  statusId?: string;
  priorityId?: string;
  name?: string;
  description?: string;
  dueDate?: string;
  siteId?: string;
  toChannelId?: string;
  fileIds?: string[];
  formattedDescription?: object[];
  timeSpentMandatory?: boolean;
  /** Not in the contract's list and unreliable: the client sends it only when asked and callers verify. */
  assigneeId?: string;
}

/** PATCH outcome: {data:<number>} = a change-log comment was written; {data:"SUCCESS"} = nothing changed. */
export type TaskUpdateResult = { changed: true; commentId: number } | { changed: false };

// ───────────────────────── posts (section 11) ─────────────────────────

export interface PostCreate {
  content: string;
  toChannelId: string;
  title?: string;
  skipNotifications?: boolean;
  payload?: object;
  groupingKey?: string;
  imageId?: string;
  priorityId?: string;
  hashtags?: string[];
  ctas?: object[];
}

// ───────────────────────── files (sections 12–13) ─────────────────────────

export interface SignedUploadCreate {
  name: string;
  /** Bytes, 100 B – 100 MB; must equal the uploaded size unless fileSizeLoose. */
  fileSize: number;
  company?: { id: string };
  site?: { id: string };
  conversation?: { id: string };
  fileType?: string;
  fileMimeType?: string;
  fileSizeLoose?: boolean;
  deviceId?: string;
  assetType?: string;
  channelId?: string;
  originProperties?: Record<string, unknown>;
}

export interface SignedUpload {
  url: string;
  fields: Record<string, string>;
  /** Unique temporary name (not the final file name). */
  name: string;
  /** When the form stops working (5 minutes after it was requested), epoch ms. */
  expiresAt: number;
}

export interface FileRecord {
  id: string;
  name: string;
  fileType: string | null;
  fileSize: number;
  createdDate: string | null;
  /** User id as a number (contract: "File"). */
  createdBy: number | null;
  origin: string | null;
  originProperties: unknown;
  company: Ref | null;
  site: Ref | null;
  conversation: unknown;
  /** Pre-signed download URL; empty when resolveFiles=false. */
  file: string;
  [key: string]: unknown;
}

// ───────────────────────── the client ─────────────────────────

export interface MonitoringApi {
  dataSources: {
    /** All rows, page by page (limit always sent, lastValue verbatim, textSearch on every page). */
    list(query?: DataSourceQuery, signal?: AbortSignal): AsyncIterable<DataSourceRow>;
    listPage(query: DataSourceQuery, lastValue?: string | null, signal?: AbortSignal): Promise<Page<DataSourceRow>>;
    /** A 500 on withSchema=true is retried without it and reported as schemaMissing. */
    get(id: string, opts?: { withSchema?: boolean; withLastReading?: boolean }, signal?: AbortSignal): Promise<DataSource>;
  };
  readings: {
    query(query: ReadingQuery, signal?: AbortSignal): AsyncIterable<ReadingRow>;
    queryPage(query: ReadingQuery, lastValue?: string | null, signal?: AbortSignal): Promise<Page<ReadingRow>>;
    /** POST /reading; never retried blindly. */
    write(batch: MeterReadings[], signal?: AbortSignal): Promise<void>;
    /** GET /reading/template: the CSV text. */
    template(meterId: string, signal?: AbortSignal): Promise<string>;
    /** GET /import then PUT the raw CSV to fileUrl (no auth headers). */
    importCsv(meterId: string, csv: string | Uint8Array, opts?: { timestampFormat?: string }, signal?: AbortSignal): Promise<void>;
    /** GET /export: {fileUrl} or null when the range holds no readings. */
    exportCsv(meterId: string, range?: TimeRange, signal?: AbortSignal): Promise<{ fileUrl: string } | null>;
  };
  tasks: {
    list(query?: TaskQuery, signal?: AbortSignal): AsyncIterable<Task>;
    listPage(query: TaskQuery, lastValue?: string | null, signal?: AbortSignal): Promise<Page<Task>>;
    /** POST /task/ → the new task's id (a number on the wire). Never retried blindly. */
    create(input: TaskCreate, signal?: AbortSignal): Promise<{ taskId: number }>;
    update(id: string, patch: TaskPatch, signal?: AbortSignal): Promise<TaskUpdateResult>;
  };
  posts: {
    /** POST /post with exactly one post object → the post id (a number). Never retried blindly. */
    create(post: PostCreate, signal?: AbortSignal): Promise<{ postId: number }>;
  };
  files: {
    /** POST /files/signed-uploads/create; signedUrl null → SigningFailedError (retryable). */
    createSignedUpload(input: SignedUploadCreate, signal?: AbortSignal): Promise<SignedUpload>;
    /** multipart POST: every `fields` entry, then `file` last; no x-api-key. 201/204 = done. */
    upload(form: SignedUpload, bytes: Uint8Array, fileName: string, signal?: AbortSignal): Promise<void>;
    get(fileId: string, opts?: { resolveFiles?: boolean }, signal?: AbortSignal): Promise<FileRecord>;
  };
  devices: {
    /** POST /devices/status/{id} with {status}. */
    reportStatus(id: string, status: DeviceStatus, signal?: AbortSignal): Promise<void>;
  };
  /** Streams a pre-signed URL (export CSV, file download) with plain GET and no auth headers. */
  download(url: string, signal?: AbortSignal): Promise<{ body: AsyncIterable<Uint8Array>; contentType: string | null; contentLength: number | null }>;
  close(): Promise<void>;
}

// ───────────────────────── errors ─────────────────────────

/** Stable codes; callers branch on these (never on message text). */
export type MonitoringErrorCode =
  | 'BAD_KEY' // 403 gateway {message: Forbidden}
  | 'NO_ACCESS' // 401
  | 'VALIDATION' // 400 (incl. 02-001, 01-004)
  | 'CONFLICT' // 409
  | 'RATE_LIMITED' // 429 (retryAfterMs when given)
  | 'SERVER' // 5xx
  | 'NETWORK' // connection failed
  | 'TIMEOUT'
  | 'BAD_RESPONSE' // 2xx with a body that breaks the contract (malformed JSON, wrong shape)
  | 'INVALID_ARGUMENT' // rejected before any request; `field` names it
  | 'SIGNING_FAILED' // signedUrl null (retryable)
  | 'UPLOAD_FAILED'; // pre-signed upload/PUT refused
