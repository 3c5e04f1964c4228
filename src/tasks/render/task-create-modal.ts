/**
 * The create-task modal, pure. Prefill comes from /task new, a message shortcut, /source or a relay alert;
 * `private_metadata` carries where the card goes afterwards (≤ 3000 chars).
 */
import type { ModalView } from '@slack/types';
import { TASK_STATUS } from '../../monitoring/api.ts';
import type { TaskStatusInfo } from '../../directory/index.ts';
import { truncate } from '../../kit/blocks/mrkdwn.ts';
import { TASK_PRIORITIES } from '../rules/priority.ts';
import { TASK_FIELD, TASK_VIEW, type BlockJson } from './task-ids.ts';
import { plain } from '../../kit/blocks/text-blocks.ts';

export interface TaskOrigin {
  channel: string;
  ts: string;
  threadTs?: string;
}

export interface SlackFileRef {
  id: string;
  name: string;
}

/** What a caller may prefill. The first eight fields are the shared contract other features use. */
export interface TaskPrefill {
  name?: string;
  description?: string;
  siteId?: string;
  siteName?: string;
  deviceId?: string;
  deviceName?: string;
  typeId?: '1' | '3';
  origin?: { channel: string; ts: string; threadTs?: string };
  priorityId?: string;
  statusId?: string;
  dueDate?: string;
  assigneeSlackId?: string;
  toChannelId?: string;
  toChannelName?: string;
  fileIds?: string;
  /** Files on the origin message, offered for upload with the task. */
  slackFiles?: SlackFileRef[];
  /** The origin message's permalink (recorded with uploaded files). */
  permalink?: string;
  /** Channel where /task was typed: the card is posted there. */
  replyChannel?: string;
}

export interface CreateMeta {
  origin?: TaskOrigin;
  replyChannel?: string;
  permalink?: string;
  files?: SlackFileRef[];
}

const option = (text: string, value: string) => ({ text: plain(text), value });
const input = (id: string, label: string, element: object, extra: Record<string, unknown> = {}) => ({
  type: 'input',
  block_id: id,
  label: plain(label, 2000),
  element: { action_id: id, ...element },
  ...extra,
});

function createMeta(prefill: TaskPrefill): CreateMeta {
  const meta: CreateMeta = {};
  if (prefill.origin) meta.origin = prefill.origin;
  if (prefill.replyChannel) meta.replyChannel = prefill.replyChannel;
  if (prefill.permalink && prefill.permalink.length < 1000) meta.permalink = prefill.permalink;
  if (prefill.slackFiles?.length)
    meta.files = prefill.slackFiles.slice(0, 10).map((f) => ({ id: f.id, name: truncate(f.name, 60) }));
  return meta;
}

export function renderCreateTaskModal(prefill: TaskPrefill, statuses: readonly TaskStatusInfo[]): ModalView {
  const statusOptions = statuses.map((s) => option(s.name, s.id));
  const initialStatus = statusOptions.find((o) => o.value === (prefill.statusId ?? TASK_STATUS.toDo));
  const priorityOptions = TASK_PRIORITIES.map((p) => option(p.name, p.id));
  const initialPriority = priorityOptions.find((o) => o.value === prefill.priorityId);
  const kindOptions = [option('Manual task', '1'), option('About a data source', '3')];
  const kind = prefill.typeId ?? (prefill.deviceId ? '3' : '1');
  const files = createMeta(prefill).files ?? [];

  const blocks: BlockJson[] = [
    input(TASK_FIELD.name, 'Name', {
      type: 'plain_text_input',
      max_length: 250,
      ...(prefill.name ? { initial_value: truncate(prefill.name, 250) } : {}),
    }),
    input(TASK_FIELD.site, 'Site', {
      type: 'external_select',
      min_query_length: 0,
      placeholder: plain('Type to search sites'),
      ...(prefill.siteId
        ? { initial_option: option(prefill.siteName ?? `Site ${prefill.siteId}`, prefill.siteId) }
        : {}),
    }),
    input(TASK_FIELD.kind, 'Kind', {
      type: 'radio_buttons',
      options: kindOptions,
      initial_option: kindOptions.find((o) => o.value === kind),
    }),
    input(
      TASK_FIELD.device,
      'Data source',
      {
        type: 'external_select',
        min_query_length: 0,
        placeholder: plain('Type to search the chosen site'),
        ...(prefill.deviceId
          ? {
              initial_option: option(
                prefill.deviceName ?? `Data source ${prefill.deviceId}`,
                `${prefill.deviceId}|${prefill.siteId ?? ''}`,
              ),
            }
          : {}),
      },
      {
        optional: true,
        hint: plain('Needed when the task is about a data source. Choose the site first.', 2000),
      },
    ),
    input(
      TASK_FIELD.priority,
      'Priority',
      {
        type: 'static_select',
        options: priorityOptions,
        ...(initialPriority ? { initial_option: initialPriority } : {}),
      },
      { optional: true },
    ),
    input(
      TASK_FIELD.status,
      'Status',
      {
        type: 'static_select',
        options: statusOptions,
        ...(initialStatus ? { initial_option: initialStatus } : {}),
      },
      { optional: true, hint: plain('Only statuses whose platform id fieldline knows are listed.', 2000) },
    ),
    input(
      TASK_FIELD.due,
      'Due date',
      { type: 'datepicker', ...(prefill.dueDate ? { initial_date: prefill.dueDate } : {}) },
      { optional: true },
    ),
    input(
      TASK_FIELD.assignee,
      'Assignee',
      {
        type: 'users_select',
        ...(prefill.assigneeSlackId ? { initial_user: prefill.assigneeSlackId } : {}),
      },
      { optional: true, hint: plain('Matched to a platform user by email.', 2000) },
    ),
    input(
      TASK_FIELD.description,
      'Description',
      {
        type: 'plain_text_input',
        multiline: true,
        max_length: 3000,
        ...(prefill.description ? { initial_value: truncate(prefill.description, 3000) } : {}),
      },
      { optional: true },
    ),
    input(
      TASK_FIELD.channel,
      'Feed post channel',
      {
        type: 'external_select',
        min_query_length: 0,
        placeholder: plain("Default: the site's feed channel"),
        ...(prefill.toChannelId
          ? { initial_option: option(prefill.toChannelName ?? prefill.toChannelId, prefill.toChannelId) }
          : {}),
      },
      { optional: true },
    ),
    input(
      TASK_FIELD.fileIds,
      'Platform file ids',
      {
        type: 'plain_text_input',
        placeholder: plain('e.g. 1201, 1202'),
        ...(prefill.fileIds ? { initial_value: truncate(prefill.fileIds, 3000) } : {}),
      },
      { optional: true, hint: plain('Files already on the platform to attach, separated by commas.', 2000) },
    ),
  ];
  if (files.length > 0) {
    const fileOptions = files.map((f) => option(f.name, f.id));
    blocks.push(
      input(
        TASK_FIELD.slackFiles,
        'Files on the message',
        {
          type: 'checkboxes',
          options: fileOptions,
          initial_options: fileOptions,
        },
        {
          optional: true,
          hint: plain(
            'Checked files are uploaded to the platform (task site) after the task is created.',
            2000,
          ),
        },
      ),
    );
  }
  if (!prefill.origin && !prefill.replyChannel) {
    // Opened where fieldline does not know the conversation (the global shortcut): Slack fills in the one the
    // person is viewing, and its response_url lets the answer reach them there even where the bot is no member.
    blocks.push(
      input(
        TASK_FIELD.postIn,
        'Post the card in',
        {
          type: 'conversations_select',
          default_to_current_conversation: true,
          response_url_enabled: true,
          filter: { exclude_bot_users: true },
        },
        {
          optional: true,
          hint: plain(
            'Where you are now. When fieldline cannot post there, the card goes to your DM with it.',
            2000,
          ),
        },
      ),
    );
  }
  return {
    type: 'modal' as const,
    callback_id: TASK_VIEW.create,
    title: plain('New task', 24),
    submit: plain('Create', 24),
    close: plain('Cancel', 24),
    private_metadata: JSON.stringify(createMeta(prefill)),
    blocks,
  };
}
