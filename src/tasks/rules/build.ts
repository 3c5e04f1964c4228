/**
 * contract: POST /task/ — "Response: {data: <task_id number>}. The task is not echoed." So the first card is
 * built from what was sent; these pure functions do that, and apply a PATCH to a known snapshot.
 */
import {
  TASK_STATUS,
  type Assignee,
  type Ref,
  type SiteRef,
  type Task,
  type TaskCreate,
  type TaskPatch,
} from '../../monitoring/api.ts';
import { priorityName } from './priority.ts';

export const TYPE_NAMES: Record<string, string> = { '1': 'Manual', '3': 'Data source' };

export interface BuildContext {
  site: SiteRef;
  device: Ref | null;
  assignee: Assignee | null;
  statusName(id: string): string | undefined;
  nowIso: string;
}

export function taskFromCreate(taskId: string, body: TaskCreate, ctx: BuildContext): Task {
  const statusId = body.statusId ?? TASK_STATUS.toDo; // contract: statusId default 5 (To Do)
  return {
    id: taskId,
    name: body.name,
    description: body.description ?? null,
    dueDate: body.dueDate ?? null,
    doneDate: null,
    progressDate: null,
    timeSpent: null,
    formatedTimeSpent: null,
    timeToRespond: null,
    timeToResolve: null,
    timeToDueDate: null,
    assignee: ctx.assignee,
    status: { id: statusId, name: ctx.statusName(statusId) ?? null },
    site: ctx.site,
    system: null,
    device: body.typeId === '3' && ctx.device ? { ...ctx.device } : null,
    priority: body.priorityId ? { id: body.priorityId, name: priorityName(body.priorityId) ?? null } : null,
    type: { id: body.typeId, name: TYPE_NAMES[body.typeId] ?? null },
    auditInfo: { createdDate: ctx.nowIso, lastModifiedDate: ctx.nowIso },
    timeSpentMandatory: body.timeSpentMandatory ?? null,
    postId: null,
  };
}

export function applyPatch(
  task: Task,
  patch: TaskPatch,
  ctx: { assignee?: Assignee | null; statusName(id: string): string | undefined },
): Task {
  const next: Task = { ...task };
  if (patch.name !== undefined) next.name = patch.name;
  if (patch.description !== undefined) next.description = patch.description;
  if (patch.dueDate !== undefined) next.dueDate = patch.dueDate;
  if (patch.statusId !== undefined)
    next.status = { id: patch.statusId, name: ctx.statusName(patch.statusId) ?? null };
  if (patch.priorityId !== undefined) {
    next.priority = { id: patch.priorityId, name: priorityName(patch.priorityId) ?? null };
  }
  if (patch.assigneeId !== undefined && ctx.assignee !== undefined) next.assignee = ctx.assignee;
  return next;
}
