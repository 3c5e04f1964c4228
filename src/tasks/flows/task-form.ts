/**
 * The create/edit modal's submitted state → a typed form, its validation, and the POST /task/ body. Pure.
 * The view state arrives from Slack, so it is parsed (zod: the form's own inputs), not cast.
 */
import { decodeValue } from '../../kit/button-value.ts';
import { z } from 'zod';
import type { TaskCreate } from '../../monitoring/api.ts';
import { isDueDate } from '../rules/dates.ts';
import type { CreateMeta, TaskPrefill } from '../render/task-create-modal.ts';
import { TASK_FIELD } from '../render/task-ids.ts';
import { formState, inputOf } from '../../kit/blocks/view-state.ts';

export const viewState = formState(Object.values(TASK_FIELD));
export type ViewState = z.infer<typeof viewState>;

export interface TaskForm {
  name: string;
  siteId?: string;
  siteName?: string;
  kind: '1' | '3';
  deviceId?: string;
  /** The site the option value claims for the data source: a hint only; the platform's record decides. */
  deviceSiteId?: string;
  deviceName?: string;
  priorityId?: string;
  statusId?: string;
  dueDate?: string;
  assigneeSlackId?: string;
  description?: string;
  toChannelId?: string;
  toChannelName?: string;
  fileIdsText?: string;
  slackFileIds: string[];
}

const get = (state: ViewState, id: string) => inputOf(state.values, id);
const text = (state: ViewState, id: string) => {
  const v = get(state, id)?.value?.trim();
  return v ? v : undefined;
};
const pick = <T extends object>(entries: T) =>
  Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined && v !== '')) as Partial<T>;

export function parseTaskForm(state: ViewState): TaskForm {
  const site = get(state, TASK_FIELD.site)?.selected_option;
  const device = get(state, TASK_FIELD.device)?.selected_option;
  const channel = get(state, TASK_FIELD.channel)?.selected_option;
  const [deviceId, deviceSiteId] = device ? device.value.split('|') : [];
  return {
    name: get(state, TASK_FIELD.name)?.value?.trim() ?? '',
    kind: get(state, TASK_FIELD.kind)?.selected_option?.value === '3' ? '3' : '1',
    slackFileIds: (get(state, TASK_FIELD.slackFiles)?.selected_options ?? []).map((o) => o.value),
    ...pick({
      siteId: site?.value,
      siteName: site?.text?.text,
      deviceId,
      deviceSiteId,
      deviceName: device?.text?.text,
      priorityId: get(state, TASK_FIELD.priority)?.selected_option?.value,
      statusId: get(state, TASK_FIELD.status)?.selected_option?.value,
      dueDate: get(state, TASK_FIELD.due)?.selected_date ?? undefined,
      assigneeSlackId: get(state, TASK_FIELD.assignee)?.selected_user ?? undefined,
      description: text(state, TASK_FIELD.description),
      toChannelId: channel?.value,
      toChannelName: channel?.text?.text,
      fileIdsText: text(state, TASK_FIELD.fileIds),
    }),
  };
}

/** contract: POST /task/ — "All IDs must be quoted non-empty strings; … `0` … gives 400". */
export function parseFileIds(
  raw: string | undefined,
): { ok: true; ids: string[] } | { ok: false; message: string } {
  if (!raw) return { ok: true, ids: [] };
  const ids = raw
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = ids.filter((id) => id === '0' || !/^[A-Za-z0-9_-]{1,64}$/.test(id));
  if (bad.length > 0) {
    return {
      ok: false,
      message: `Not a platform file id: ${bad.slice(0, 3).join(', ')}. Use ids like 1201, 1202.`,
    };
  }
  return { ok: true, ids: [...new Set(ids)] };
}

export type FieldErrors = Record<string, string>;

/** Field errors Slack shows under the exact input (`response_action: errors`). Past due dates are separate. */
export function validateTaskForm(form: TaskForm, mode: 'create' | 'edit'): FieldErrors {
  const errors: FieldErrors = {};
  if (form.name === '') errors[TASK_FIELD.name] = 'Give the task a name.';
  if (mode === 'create') {
    if (!form.siteId) errors[TASK_FIELD.site] = 'Choose the site the task belongs to.';
    // contract: POST /task/ — deviceId "required when typeId is 3"
    if (form.kind === '3' && !form.deviceId) {
      errors[TASK_FIELD.device] =
        'A task about a data source needs one: choose it here, or set Kind to Manual task.';
    } else if (form.kind === '3' && form.deviceSiteId && form.siteId && form.deviceSiteId !== form.siteId) {
      errors[TASK_FIELD.device] =
        'This data source belongs to another site. Choose one from the selected site.';
    }
  }
  if (form.dueDate !== undefined && !isDueDate(form.dueDate))
    errors[TASK_FIELD.due] = 'Pick a date from the calendar.';
  const files = parseFileIds(form.fileIdsText);
  if (!files.ok) errors[TASK_FIELD.fileIds] = files.message;
  return errors;
}

export const PAST_DUE_TEXT = 'Due date is in the past — submit again to confirm.';

/** contract: POST /task/ strict body — only listed fields; deviceId only with typeId 3; no null statusId. */
export function createBody(form: TaskForm, extra: { toChannelId?: string; assigneeId?: string }): TaskCreate {
  const files = parseFileIds(form.fileIdsText);
  const body: TaskCreate = { name: form.name, siteId: form.siteId ?? '', typeId: form.kind };
  if (form.kind === '3' && form.deviceId) body.deviceId = form.deviceId;
  if (form.priorityId) body.priorityId = form.priorityId;
  if (form.statusId) body.statusId = form.statusId;
  if (form.description) body.description = form.description;
  if (form.dueDate) body.dueDate = form.dueDate;
  if (extra.assigneeId) body.assigneeId = extra.assigneeId;
  const channel = form.toChannelId ?? extra.toChannelId;
  if (channel) body.toChannelId = channel;
  if (files.ok && files.ids.length > 0) body.fileIds = files.ids;
  return body;
}

/** The form as a prefill, so a failed create can reopen the modal with everything the person typed. */
export function formToPrefill(form: TaskForm, meta: CreateMeta): TaskPrefill {
  return {
    ...pick({
      name: form.name,
      description: form.description,
      siteId: form.siteId,
      siteName: form.siteName,
      deviceId: form.deviceId,
      deviceName: form.deviceName,
      priorityId: form.priorityId,
      statusId: form.statusId,
      dueDate: form.dueDate,
      assigneeSlackId: form.assigneeSlackId,
      toChannelId: form.toChannelId,
      toChannelName: form.toChannelName,
      fileIds: form.fileIdsText,
      replyChannel: meta.replyChannel,
      permalink: meta.permalink,
    }),
    typeId: form.kind,
    ...(meta.origin ? { origin: meta.origin } : {}),
    ...(meta.files ? { slackFiles: meta.files } : {}),
  };
}

const createMetaSchema = z.looseObject({
  origin: z.looseObject({ channel: z.string(), ts: z.string(), threadTs: z.string().optional() }).optional(),
  replyChannel: z.string().optional(),
  permalink: z.string().optional(),
  files: z.array(z.looseObject({ id: z.string(), name: z.string() })).optional(),
});

export function parseCreateMeta(raw: string): CreateMeta {
  return decodeValue(createMetaSchema, raw || '{}') ?? {};
}
