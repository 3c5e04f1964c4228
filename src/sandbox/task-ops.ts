/** Task creation and change, shared by POST /task/, PATCH /task/{id}, the admin handle and live mode. */
import type { Task } from './model.ts';
import type { SandboxState } from './state.ts';
import { PRIORITY_NAMES, STATUS_NAMES } from './task-view.ts';

export interface NewTask {
  name: string;
  siteId: string | null;
  typeId: '1' | '3';
  deviceId: string | null;
  statusId?: string;
  priorityId?: string;
  assigneeId?: string;
  dueDate?: string;
  description?: string;
  channelId?: string;
  fileIds?: string[];
  formattedDescription?: unknown[];
  timeSpentMandatory?: boolean;
  noInitialComment?: boolean;
  byUserId: string;
}

/**
 * contract: POST /task/ — "IDs that do not exist (priority, status, site) are accepted and ignored, leaving
 * that field unset." An unknown status leaves the default 5 To Do (a task always has a status).
 */
export function insertTask(state: SandboxState, input: NewTask): Task {
  const now = state.now();
  const site = state.site(input.siteId);
  const status = input.statusId && STATUS_NAMES[input.statusId] ? input.statusId : '5';
  const task: Task = {
    id: String(state.seq.task++),
    name: input.name,
    description: input.description ?? null,
    siteId: site?.id ?? null,
    typeId: input.typeId,
    deviceId: input.deviceId,
    statusId: status,
    priorityId: input.priorityId && PRIORITY_NAMES[input.priorityId] ? input.priorityId : null,
    assigneeId: state.user(input.assigneeId ?? null)?.id ?? null,
    dueDate: input.dueDate ?? null,
    doneMs: status === '20' ? now : null,
    progressMs: status === '5' ? null : now,
    createdMs: now,
    createdBy: input.byUserId,
    modifiedMs: now,
    modifiedBy: input.byUserId,
    timeSpentMinutes: 0,
    timeSpentMandatory: input.timeSpentMandatory ?? false,
    channelId: input.channelId ?? site?.channelId ?? null,
    fileIds: input.fileIds ?? [],
    formattedDescription: input.formattedDescription ?? null,
    // contract: state table — POST /task/ creates a feed post in the target channel.
    postId: state.seq.post++,
    postInFeed: status !== '25',
  };
  state.world.tasks.push(task);
  state.world.taskById.set(task.id, task);
  if (!input.noInitialComment) state.comment(task, `${task.name} was created`, input.byUserId);
  return task;
}

export interface TaskChange {
  statusId?: string;
  priorityId?: string | null;
  name?: string;
  description?: string | null;
  dueDate?: string | null;
  siteId?: string;
  channelId?: string;
  fileIds?: string[];
  formattedDescription?: unknown[];
  timeSpentMandatory?: boolean;
  assigneeId?: string | null;
}

export interface ChangeOutcome {
  changes: string[];
  ignored: string[];
  commentId: number | null;
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Applies a change; a real change writes one change-log comment (contract: state table). assigneeId is
 * "unreliable" by contract: the sandbox honours it only for a user who belongs to the task's site.
 */
export function applyTaskChange(
  state: SandboxState,
  task: Task,
  change: TaskChange,
  byUserId: string,
  trustAssignee = false,
): ChangeOutcome {
  const now = state.now();
  const changes: string[] = [];
  const ignored: string[] = [];
  const set = <K extends keyof Task>(field: K, value: Task[K], label: string) => {
    if (same(task[field], value)) return;
    task[field] = value;
    changes.push(label);
  };
  if (change.statusId !== undefined) {
    if (!STATUS_NAMES[change.statusId]) ignored.push('statusId');
    else if (change.statusId !== task.statusId) {
      const from = STATUS_NAMES[task.statusId] ?? task.statusId;
      set('statusId', change.statusId, `status changed from ${from} to ${STATUS_NAMES[change.statusId]}`);
      task.doneMs = change.statusId === '20' ? now : null;
      if (task.progressMs === null && change.statusId !== '5') task.progressMs = now;
      // contract: state table — status 25 "the task's post is removed from the feed".
      task.postInFeed = change.statusId !== '25';
      const post = state.posts.find((p) => p.id === task.postId);
      if (post) post.removedFromFeed = !task.postInFeed;
    }
  }
  if (change.priorityId !== undefined) {
    if (change.priorityId !== null && !PRIORITY_NAMES[change.priorityId]) ignored.push('priorityId');
    else set('priorityId', change.priorityId, 'priority changed');
  }
  if (change.name !== undefined) set('name', change.name, `renamed to ${change.name}`);
  if (change.description !== undefined) set('description', change.description, 'description changed');
  if (change.dueDate !== undefined)
    set('dueDate', change.dueDate, `due date set to ${change.dueDate ?? 'none'}`);
  if (change.siteId !== undefined) {
    if (!state.site(change.siteId)) ignored.push('siteId');
    else set('siteId', change.siteId, 'site changed');
  }
  if (change.channelId !== undefined) set('channelId', change.channelId, 'channel changed');
  if (change.fileIds !== undefined) set('fileIds', change.fileIds, 'files changed');
  if (change.formattedDescription !== undefined)
    set('formattedDescription', change.formattedDescription, 'description changed');
  if (change.timeSpentMandatory !== undefined)
    set('timeSpentMandatory', change.timeSpentMandatory, 'time tracking changed');
  if (change.assigneeId !== undefined) {
    const user = state.user(change.assigneeId);
    if (change.assigneeId === null) set('assigneeId', null, 'unassigned');
    else if (user && (trustAssignee || (task.siteId !== null && user.siteIds.includes(task.siteId))))
      set('assigneeId', user.id, `assigned to ${user.firstName} ${user.lastName}`);
    else ignored.push('assigneeId');
  }
  if (changes.length === 0) return { changes, ignored, commentId: null };
  task.modifiedMs = now;
  task.modifiedBy = byUserId;
  return { changes, ignored, commentId: state.comment(task, changes.join('; '), byUserId) };
}
