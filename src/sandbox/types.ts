/**
 * Public types of the monitoring sandbox. The sandbox is an independent reading of
 * ../shared/monitoring-api.md: nothing here is shared with src/monitoring (not even types), so a
 * misreading on one side shows up in the contract tests instead of being copied to the other.
 */
import type { Logger } from 'pino';

export interface SeedOptions {
  /** Number of data sources (at least the hand-made core set, see README). Default 40. */
  sources?: number;
  /** Number of seeded tasks. Default 60. */
  tasks?: number;
  /** Days of synthetic readings before start-up. Default 14. */
  days?: number;
  /** PRNG seed: the same seed gives the same world. Default 1. */
  seed?: number;
  /** Grid of synthetic readings for metered sources, in seconds. Default 900. */
  readingIntervalSeconds?: number;
}

export interface StartSandboxOptions {
  port?: number;
  host?: string;
  seed?: SeedOptions;
  /** How long a written reading (POST /reading, CSV import) stays invisible. Default 0. */
  ingestionDelayMs?: number;
  /** Devices change on a timer (default tick 5000 ms). admin.tick(ms) works with or without it. */
  live?: boolean | { tickMs: number };
  /** Injected clock (epoch ms). admin.tick(ms) adds to it. */
  now?: () => number;
  log?: Logger;
}

export interface Sandbox {
  /** Base URL, no trailing slash. */
  url: string;
  keys: { full: string; limited: string };
  /** The only site the `limited` key may touch (it also reads the shared source). */
  limitedSiteId: string;
  /** Seeded per-user keys: Ana Silva (501) sees every site, Ben Okafor (502) only Chicago Works (102). */
  userKeys: { ana: string; ben: string };
  admin: SandboxAdmin;
  /** This run's token for state-changing /_sandbox/ requests over HTTP (header `x-sandbox-admin-token`). */
  adminToken: string;
  close(): Promise<void>;
}

/** Fault injection; `endpoint` is "METHOD /path" where `{name}`, `:name` or `*` match one segment. */
export interface Injection {
  endpoint: string;
  status?: number;
  retryAfterSeconds?: number;
  latencyMs?: number;
  /** How many matching requests are affected. Default 1. */
  times?: number;
  /** Response body (JSON) to send instead of the default error body for `status`. */
  body?: unknown;
}

export interface RecordedRequest {
  at: number;
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string>;
  /** 'api' (key required), 'presigned' (own signature, no key), 'admin'. */
  kind: 'api' | 'presigned' | 'admin';
  status?: number;
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
  [extra: string]: unknown;
}

export interface ReadingValues {
  [metricId: string]: number | string | null;
}

export interface WrittenReading {
  sourceId: string;
  /** Epoch ms of the reading. */
  t: number;
  values: ReadingValues;
  visibleAt: number;
  via: 'api' | 'import' | 'admin';
}

export interface SandboxAlert {
  id: number;
  sourceId: string;
  kind: string;
  detail: string;
  raisedAt: number;
  clearedAt: number | null;
}

export interface ImportRun {
  id: string;
  sourceId: string;
  timestampFormat: string | null;
  createdAt: number;
  /** waiting → received → done | failed; an empty upload is `discarded`. */
  state: 'waiting' | 'received' | 'done' | 'failed' | 'discarded';
  rows: number;
  errors: string[];
  csv: string | null;
}

export interface UploadRecord {
  /** The file id GET /files/{id} answers for (the contract gives the client no id; tests read it here). */
  fileId: string;
  tempName: string;
  key: string;
  name: string;
  size: number;
  contentType: string;
  uploadedAt: number;
}

export interface Written {
  readings: WrittenReading[];
  posts: PostRecord[];
  tasks: TaskCreateRecord[];
  patches: TaskPatchRecord[];
  uploads: UploadRecord[];
  imports: ImportRun[];
  deviceStatuses: { sourceId: string; status: DeviceStatus; at: number }[];
  /** Comments on task posts: opening comments (POST /task/) and change-log comments (PATCH, admin, live). */
  comments: CommentRecord[];
}

export interface CommentRecord {
  id: number;
  taskId: string;
  postId: number;
  text: string;
  byUserId: string;
  at: number;
}

export interface PostRecord {
  id: number;
  body: Record<string, unknown>;
  taskId: string | null;
  /** The platform user of the key that wrote it (absent on a task's own feed post). */
  byUserId?: string;
  at: number;
  removedFromFeed: boolean;
}

export interface TaskCreateRecord {
  taskId: string;
  body: Record<string, unknown>;
  at: number;
}

export interface TaskPatchRecord {
  taskId: string;
  body: Record<string, unknown>;
  /** Change-log comment id, or null when nothing changed. */
  commentId: number | null;
  changes: string[];
  /** Fields accepted but not applied (assignee outside the task's site). */
  ignored: string[];
  at: number;
}

export interface SandboxAdmin {
  /**
   * Mints an API key for a platform user that sees `siteIds` (null or omitted: every site). How real keys are
   * created is not in the contract (Authentication rule 5); this is the sandbox's stand-in for it.
   */
  mintKey(grant: { userId: string; siteIds?: readonly string[] | null }): string;
  /** The key stops resolving (the gateway answers 403 from then on). */
  revokeKey(key: string): boolean;
  inject(injection: Injection): void;
  clearInjections(): void;
  setDeviceStatus(sourceId: string, status: DeviceStatus): void;
  /** Adds readings as if ingested already (visible at once). `t` is an ISO string or epoch ms. */
  addReadings(sourceId: string, rows: { t: string | number; values: ReadingValues }[]): void;
  /** Makes a source fall silent: its newest reading becomes `seconds` old and no new ones arrive. */
  setLastReadingAge(sourceId: string, seconds: number): void;
  /** Changes a task as another platform user would (writes a change-log comment). */
  updateTask(taskId: string, patch: AdminTaskPatch): void;
  createTask(input: AdminTaskInput): string;
  requests(): RecordedRequest[];
  /** Requests to pre-signed URLs that carried x-api-key or Authorization (should always be empty). */
  presignedWithCredentials(): RecordedRequest[];
  clearRequests(): void;
  written(): Written;
  alerts(): SandboxAlert[];
  readonly state: SandboxStateView;
  /** Advances sandbox time by `ms` and applies live-mode changes for that span. */
  tick(ms: number): void;
  /** Back to the seeded world (written data, injections, requests and time offset cleared). */
  reset(): void;
  now(): number;
}

export interface AdminTaskPatch {
  statusId?: string;
  priorityId?: string | null;
  name?: string;
  description?: string | null;
  dueDate?: string | null;
  assigneeId?: string | null;
  byUserId?: string;
}

export interface AdminTaskInput {
  name: string;
  siteId: string;
  typeId?: '1' | '3';
  deviceId?: string;
  statusId?: string;
  priorityId?: string;
  assigneeId?: string;
  dueDate?: string;
  description?: string;
  byUserId?: string;
}

export interface SandboxStateView {
  sites: readonly SiteView[];
  users: readonly UserView[];
  sources: readonly SourceView[];
  tasks: readonly TaskView[];
  files: readonly FileView[];
}

export interface SiteView {
  id: string;
  name: string;
  channelId: string;
  timeZone: string;
}

export interface UserView {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  siteIds: string[];
}

export interface SourceView {
  id: string;
  name: string;
  siteId: string;
  applyingId: 1 | 2 | 7;
  kind: string;
  hasSchema: boolean;
  isShared: boolean;
  deviceStatus: (DeviceStatus & { reportedAt: string }) | null;
  silentSinceMs: number | null;
}

export interface TaskView {
  id: string;
  name: string;
  siteId: string | null;
  statusId: string;
  priorityId: string | null;
  typeId: '1' | '3';
  deviceId: string | null;
  assigneeId: string | null;
  dueDate: string | null;
  postId: number;
  /** False once the task is Cancelled (status 25 takes its post out of the feed). */
  postInFeed: boolean;
}

export interface FileView {
  id: string;
  name: string;
  size: number;
  siteId: string | null;
}
