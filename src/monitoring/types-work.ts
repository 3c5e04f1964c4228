/**
 * Domain types of tasks, feed posts and files (contract sections 8–13), as fieldline reads them.
 * Re-exported by ./api.ts; parsed from the wire by the resource modules.
 */
import type { Ref, SiteRef } from './types-sources.ts';

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

/**
 * A GET /tasks row checked only in the fields a pass over a whole list reads (its order, open/overdue, the
 * statuses and people learned from it). `full()` checks the rest of the row on first use and gives the same Task
 * `listPage` would; it throws BAD_RESPONSE when the row breaks the contract.
 */
export type TaskGlance = Pick<Task, 'id' | 'dueDate' | 'doneDate' | 'status' | 'site' | 'assignee'> & {
  full(): Task;
};

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
