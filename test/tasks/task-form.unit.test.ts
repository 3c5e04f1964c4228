/** The create/edit modal: rendering within limits, view state → form, validation, the strict POST body, the edit diff. */
import { describe, expect, it } from 'vitest';
import type { Task } from '../../src/monitoring/api.ts';
import { validateView } from '../../src/slack-standin/index.ts';
import { renderCreateTaskModal } from '../../src/tasks/render/task-create-modal.ts';
import { renderEditTaskModal } from '../../src/tasks/render/task-edit-modal.ts';
import { editPatch } from '../../src/tasks/flows/edit-form.ts';
import {
  createBody,
  formToPrefill,
  parseCreateMeta,
  parseFileIds,
  parseTaskForm,
  validateTaskForm,
  type TaskForm,
  type ViewState,
} from '../../src/tasks/flows/task-form.ts';

const STATUSES = [
  { id: '5', name: 'To Do' },
  { id: '10', name: 'On Hold' },
];

function state(values: Record<string, Record<string, unknown>>): ViewState {
  const out: ViewState['values'] = {};
  for (const [id, v] of Object.entries(values)) out[id] = { [id]: v };
  return { values: out };
}

const base: TaskForm = { name: 'Fix it', siteId: '101', kind: '1', slackFileIds: [] };

describe('create modal', () => {
  it('renders prefilled and passes the Block Kit checks, with the origin kept in private_metadata', () => {
    const view = renderCreateTaskModal(
      {
        name: 'x'.repeat(500),
        description: 'd'.repeat(5000),
        siteId: '101',
        siteName: 'Berlin Plant',
        deviceId: '1001',
        deviceName: 'Main Energy Meter',
        origin: { channel: 'C1', ts: '1.2' },
        slackFiles: Array.from({ length: 12 }, (_, i) => ({ id: `F${i}`, name: `photo-${i}.png` })),
      },
      STATUSES,
    );
    expect(validateView(view)).toEqual([]);
    const json = JSON.stringify(view);
    expect(json).toContain('"initial_option":{"text":{"type":"plain_text","text":"About a data source"');
    expect(JSON.parse(view.private_metadata ?? '{}')).toMatchObject({ origin: { channel: 'C1', ts: '1.2' } });
    expect(JSON.parse(view.private_metadata ?? '{}').files).toHaveLength(10);
  });

  it('renders the edit modal within limits for any task', () => {
    const task = {
      id: '1',
      name: '<'.repeat(10_000),
      description: null,
      dueDate: '2026-01-01',
      priority: { id: '5', name: 'Low' },
      assignee: null,
    } as unknown as Task;
    expect(validateView(renderEditTaskModal(task, { taskId: '1', channel: 'C1', ts: '1.1' }))).toEqual([]);
  });
});

describe('parseTaskForm and validateTaskForm', () => {
  it('reads every field from the view state', () => {
    const form = parseTaskForm(
      state({
        task_name: { type: 'plain_text_input', value: '  Leak  ' },
        task_site: {
          type: 'external_select',
          selected_option: { value: '101', text: { type: 'plain_text', text: 'Berlin Plant' } },
        },
        task_kind: { type: 'radio_buttons', selected_option: { value: '3' } },
        task_device: {
          type: 'external_select',
          selected_option: { value: '1001|101', text: { type: 'plain_text', text: 'Meter' } },
        },
        task_due: { type: 'datepicker', selected_date: '2030-01-02' },
        task_assignee: { type: 'users_select', selected_user: 'U1' },
        task_file_ids: { type: 'plain_text_input', value: '8001, 8002' },
        task_slack_files: { type: 'checkboxes', selected_options: [{ value: 'F1' }] },
      }),
    );
    expect(form).toMatchObject({
      name: 'Leak',
      siteId: '101',
      siteName: 'Berlin Plant',
      kind: '3',
      deviceId: '1001',
      deviceSiteId: '101',
      dueDate: '2030-01-02',
      assigneeSlackId: 'U1',
      fileIdsText: '8001, 8002',
      slackFileIds: ['F1'],
    });
  });

  it('rejects a task about a data source without one, on the data source field', () => {
    expect(validateTaskForm({ ...base, kind: '3' }, 'create')).toEqual({
      task_device: expect.stringContaining('needs one'),
    });
  });

  it('rejects a data source of another site', () => {
    const errors = validateTaskForm({ ...base, kind: '3', deviceId: '1008', deviceSiteId: '102' }, 'create');
    expect(errors.task_device).toContain('another site');
  });

  it('needs a site and a name, and file ids that look like ids', () => {
    const errors = validateTaskForm(
      { name: '', kind: '1', slackFileIds: [], fileIdsText: '12, 0' },
      'create',
    );
    expect(Object.keys(errors).sort()).toEqual(['task_file_ids', 'task_name', 'task_site']);
    expect(parseFileIds('8001; 8002 8001')).toEqual({ ok: true, ids: ['8001', '8002'] });
  });
});

describe('createBody', () => {
  it('sends typeId always, deviceId only with type 3, and omits what was not given', () => {
    expect(createBody(base, {})).toEqual({ name: 'Fix it', siteId: '101', typeId: '1' });
    expect(createBody({ ...base, deviceId: '1001' }, {})).not.toHaveProperty('deviceId');
    expect(
      createBody(
        { ...base, kind: '3', deviceId: '1001', fileIdsText: '8001' },
        { toChannelId: '7101', assigneeId: '501' },
      ),
    ).toEqual({
      name: 'Fix it',
      siteId: '101',
      typeId: '3',
      deviceId: '1001',
      toChannelId: '7101',
      assigneeId: '501',
      fileIds: ['8001'],
    });
  });

  it('prefers the chosen feed channel over the site default', () => {
    expect(createBody({ ...base, toChannelId: '7999' }, { toChannelId: '7101' }).toChannelId).toBe('7999');
  });

  it('turns a form back into a prefill that keeps everything typed', () => {
    const prefill = formToPrefill(
      { ...base, description: 'keep', dueDate: '2030-01-01' },
      { replyChannel: 'C1' },
    );
    expect(prefill).toMatchObject({
      name: 'Fix it',
      siteId: '101',
      description: 'keep',
      dueDate: '2030-01-01',
      replyChannel: 'C1',
      typeId: '1',
    });
  });

  it('reads damaged private_metadata as empty', () => {
    expect(parseCreateMeta('{not json')).toEqual({});
    expect(parseCreateMeta('{"origin":{"channel":1}}')).toEqual({});
  });
});

describe('editPatch', () => {
  const before = {
    id: '1',
    name: 'Old',
    description: 'same',
    dueDate: '2030-01-01',
    priority: { id: '10', name: 'Medium' },
  } as unknown as Task;

  it('contains only the fields that changed', () => {
    const { patch, errors } = editPatch(before, {
      ...base,
      name: 'New',
      description: 'same',
      dueDate: '2030-01-01',
      priorityId: '10',
    });
    expect(errors).toEqual({});
    expect(patch).toEqual({ name: 'New' });
  });

  it('refuses to clear a due date, which the platform cannot do', () => {
    expect(editPatch(before, { ...base, name: 'Old', description: 'same' }).errors).toHaveProperty(
      'task_due',
    );
  });
});
