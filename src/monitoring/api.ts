/**
 * The monitoring client's public surface: what the rest of fieldline may call. Implemented by
 * ./client.ts (createMonitoringClient) on one HTTP core; resource modules parse responses into these domain
 * types with zod (passthrough: unknown keys survive), or with a plain check where a list reads every row of many
 * (./reading-row.ts, ./task-glance.ts).
 *
 * Nothing here knows about Slack.
 */

export * from './types-sources.ts';
export * from './types-work.ts';
import type {
  DataSource,
  DataSourceQuery,
  DataSourceRow,
  DeviceStatus,
  MeterReadings,
  Page,
  ReadingQuery,
  ReadingRow,
  TimeRange,
} from './types-sources.ts';
import type {
  FileRecord,
  PostCreate,
  SignedUpload,
  SignedUploadCreate,
  Task,
  TaskCreate,
  TaskGlance,
  TaskPatch,
  TaskQuery,
  TaskUpdateResult,
} from './types-work.ts';

// ───────────────────────── the client ─────────────────────────

export interface MonitoringApi {
  dataSources: {
    /** All rows, page by page (limit always sent, lastValue verbatim, textSearch on every page). */
    list(query?: DataSourceQuery, signal?: AbortSignal): AsyncIterable<DataSourceRow>;
    listPage(
      query: DataSourceQuery,
      lastValue?: string | null,
      signal?: AbortSignal,
    ): Promise<Page<DataSourceRow>>;
    /** A 500 on withSchema=true is retried without it and reported as schemaMissing. */
    get(
      id: string,
      opts?: { withSchema?: boolean; withLastReading?: boolean },
      signal?: AbortSignal,
    ): Promise<DataSource>;
  };
  readings: {
    query(query: ReadingQuery, signal?: AbortSignal): AsyncIterable<ReadingRow>;
    queryPage(
      query: ReadingQuery,
      lastValue?: string | null,
      signal?: AbortSignal,
    ): Promise<Page<ReadingRow>>;
    /** POST /reading; never retried blindly. */
    write(batch: MeterReadings[], signal?: AbortSignal): Promise<void>;
    /** GET /reading/template: the CSV text. */
    template(meterId: string, signal?: AbortSignal): Promise<string>;
    /** GET /import then PUT the raw CSV to fileUrl (no auth headers). */
    importCsv(
      meterId: string,
      csv: string | Uint8Array,
      opts?: { timestampFormat?: string },
      signal?: AbortSignal,
    ): Promise<void>;
    /** GET /export: {fileUrl} or null when the range holds no readings. */
    exportCsv(meterId: string, range?: TimeRange, signal?: AbortSignal): Promise<{ fileUrl: string } | null>;
  };
  tasks: {
    list(query?: TaskQuery, signal?: AbortSignal): AsyncIterable<Task>;
    listPage(query: TaskQuery, lastValue?: string | null, signal?: AbortSignal): Promise<Page<Task>>;
    /**
     * One GET /tasks page like listPage, each row checked only in the fields TaskGlance names (a whole-list pass
     * reads hundreds of rows and shows ten). Optional: without it, callers glance at listPage's rows.
     */
    glancePage?(query: TaskQuery, lastValue?: string | null, signal?: AbortSignal): Promise<Page<TaskGlance>>;
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
  download(
    url: string,
    signal?: AbortSignal,
  ): Promise<{ body: AsyncIterable<Uint8Array>; contentType: string | null; contentLength: number | null }>;
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
  | 'UPLOAD_FAILED' // pre-signed upload/PUT refused
  | 'UNSAFE_URL'; // a pre-signed URL leads to a non-public address, another scheme or too many redirects
