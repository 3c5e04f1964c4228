/** The sandbox's internal world: what the seed builds and the handlers read and change. */
import type { CommentRecord, DeviceStatus } from './types.ts';

export interface Site {
  id: string;
  name: string;
  channelId: string;
  timeZone: string;
  /** Windows-style zone id the platform also reports (`timezoneId`). */
  timezoneId: string;
}

export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  username: string;
  channelId: string;
  siteIds: string[];
}

export type MetricGen =
  | { kind: 'wave'; base: number; amp: number; noise: number; decimals: number }
  | { kind: 'counter'; perHour: number }
  | { kind: 'choice'; options: readonly string[] };

export interface Metric {
  id: string;
  name: string;
  displayName: string;
  uom: { id: string; name: string; symbol: string } | null;
  valueType: 'number' | 'string';
  /** Calculated by the service: omitted from meterSchema and from the CSV template, rejected in writes. */
  calculated: boolean;
  isRequired: boolean;
  gen: MetricGen;
}

export interface SourceType {
  id: string;
  name: string;
  ordinal: number;
}

export interface SourceKind {
  key: 'energy' | 'flow' | 'climate' | 'gateway' | 'form' | 'camera';
  type: SourceType;
  applyingId: 1 | 2 | 7;
  metrics: readonly Metric[];
  /** false: GET /data-sources/{id}?withSchema=true answers 500 (contract section 2). */
  hasSchema: boolean;
  /** Fixed reading interval in seconds, or null to use the seed's readingIntervalSeconds. */
  intervalSeconds: number | null;
  push: boolean;
}

export interface Source {
  id: string;
  num: number;
  name: string;
  kind: SourceKind;
  site: Site;
  isShared: boolean;
  externalId: string | null;
  description: string | null;
  createdMs: number;
  /** Synthetic readings exist on the grid from this instant; null for a source with no readings. */
  readingsFromMs: number | null;
  intervalMs: number;
  validationStatus: 10 | 20 | 30;
  deviceStatus: (DeviceStatus & { reportedAt: string }) | null;
  /** No synthetic reading after this instant (a silent source). */
  silentSinceMs: number | null;
  ipAddress: string | null;
}

export interface Task {
  id: string;
  name: string;
  description: string | null;
  siteId: string | null;
  typeId: '1' | '3';
  deviceId: string | null;
  statusId: string;
  priorityId: string | null;
  assigneeId: string | null;
  dueDate: string | null;
  doneMs: number | null;
  progressMs: number | null;
  createdMs: number;
  createdBy: string;
  modifiedMs: number;
  modifiedBy: string;
  timeSpentMinutes: number;
  timeSpentMandatory: boolean;
  channelId: string | null;
  fileIds: string[];
  formattedDescription: unknown[] | null;
  postId: number;
  /** false once the task is cancelled: "the task's post is removed from the feed". */
  postInFeed: boolean;
}

/** A comment on a task's post: kept as the same record `written().comments` lists. */
export type Comment = CommentRecord;

export interface FileRecord {
  id: string;
  name: string;
  fileType: string;
  contentType: string;
  bytes: Buffer;
  createdMs: number;
  createdBy: number;
  origin: string | null;
  originProperties: Record<string, unknown> | null;
  companyId: string | null;
  siteId: string | null;
  conversationId: string | null;
  deviceId: string | null;
}
