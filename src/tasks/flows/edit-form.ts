/** Edit modal → the PATCH body: only fields that differ from the task as last seen. Pure. */
import { decodeValue } from '../../kit/button-value.ts';
import { z } from 'zod';
import type { Task, TaskPatch } from '../../monitoring/api.ts';
import { TASK_FIELD } from '../render/task-ids.ts';
import type { EditMeta } from '../render/task-edit-modal.ts';
import { parseFileIds, type FieldErrors, type TaskForm } from './task-form.ts';

/** contract: PATCH /task/{id} — "send only fields to change"; values cannot be cleared (strings only). */
export function editPatch(before: Task, form: TaskForm): { patch: TaskPatch; errors: FieldErrors } {
  const patch: TaskPatch = {};
  const errors: FieldErrors = {};
  if (form.name && form.name !== before.name) patch.name = form.name;
  if (form.priorityId && form.priorityId !== before.priority?.id) patch.priorityId = form.priorityId;
  if (form.dueDate && form.dueDate !== before.dueDate) patch.dueDate = form.dueDate;
  if (!form.dueDate && before.dueDate) {
    errors[TASK_FIELD.due] = 'The platform cannot clear a due date. Pick a date, or keep the current one.';
  }
  const description = form.description ?? '';
  if (description !== (before.description ?? '')) patch.description = description;
  const files = parseFileIds(form.fileIdsText);
  if (files.ok && files.ids.length > 0) patch.fileIds = files.ids;
  return { patch, errors };
}

const editMetaSchema = z.looseObject({
  taskId: z.string(),
  channel: z.string().optional(),
  ts: z.string().optional(),
  threadTs: z.string().optional(),
  responseUrl: z.string().optional(),
});

export function parseEditMeta(raw: string): EditMeta | undefined {
  return decodeValue(editMetaSchema, raw || '{}') ?? undefined;
}
