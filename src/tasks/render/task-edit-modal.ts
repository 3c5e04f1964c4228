/** The edit-task modal, pure: current values prefilled; submit sends only what changed. */
import type { ModalView } from '@slack/types';
import type { Task } from '../../monitoring/api.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';
import { TASK_PRIORITIES } from '../rules/priority.ts';
import { TASK_FIELD, TASK_VIEW, type BlockJson } from './task-ids.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';

export interface EditMeta {
  taskId: string;
  channel?: string;
  ts?: string;
  threadTs?: string;
  /** Set for ephemeral cards, which only their response_url can replace. */
  responseUrl?: string;
}

const input = (id: string, label: string, element: object, optional = true): BlockJson => ({
  type: 'input',
  block_id: id,
  optional,
  label: plain(label, 2000),
  element: { action_id: id, ...element },
});

export function renderEditTaskModal(task: Task, meta: EditMeta): ModalView {
  const priorityOptions = TASK_PRIORITIES.map((p) => ({ text: plain(p.name), value: p.id }));
  const initialPriority = priorityOptions.find((o) => o.value === task.priority?.id);
  const current = task.assignee?.name ?? task.assignee?.email ?? null;
  const blocks: BlockJson[] = [
    input(
      TASK_FIELD.name,
      'Name',
      { type: 'plain_text_input', max_length: 3000, initial_value: truncate(task.name, 3000) },
      false,
    ),
    input(TASK_FIELD.priority, 'Priority', {
      type: 'static_select',
      options: priorityOptions,
      ...(initialPriority ? { initial_option: initialPriority } : {}),
    }),
    input(TASK_FIELD.due, 'Due date', {
      type: 'datepicker',
      ...(task.dueDate ? { initial_date: task.dueDate } : {}),
    }),
    {
      ...input(TASK_FIELD.assignee, 'Reassign to', { type: 'users_select' }),
      hint: plain(
        `Leave empty to keep ${current ? truncate(current, 100) : 'it unassigned'}. Matched by email.`,
        2000,
      ),
    },
    input(TASK_FIELD.description, 'Description', {
      type: 'plain_text_input',
      multiline: true,
      max_length: 3000,
      ...(task.description ? { initial_value: truncate(task.description, 3000) } : {}),
    }),
    {
      ...input(TASK_FIELD.fileIds, 'Attach platform files', {
        type: 'plain_text_input',
        placeholder: plain('e.g. 1201, 1202'),
      }),
      hint: plain('Platform file ids, separated by commas.', 2000),
    },
  ];
  return {
    type: 'modal',
    callback_id: TASK_VIEW.edit,
    title: plain('Edit task', 24),
    submit: plain('Save', 24),
    close: plain('Cancel', 24),
    private_metadata: JSON.stringify(meta),
    blocks,
  };
}
