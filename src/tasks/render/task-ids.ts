import type { BlockJson } from '../../kit/blocks/block-json.ts';

/** Callback, block and action ids of the task feature (prefixed `task_`, see the team's naming rule). */
export const TASK_VIEW = { create: 'task_create', edit: 'task_edit', photos: 'task_photos' } as const;

/** Input blocks use the same id for block and element, so `state.values[id][id]` reads a field. */
export const TASK_FIELD = {
  name: 'task_name',
  site: 'task_site',
  kind: 'task_kind',
  device: 'task_device',
  priority: 'task_priority_input',
  status: 'task_status_input',
  due: 'task_due',
  assignee: 'task_assignee',
  description: 'task_description',
  channel: 'task_channel',
  fileIds: 'task_file_ids',
  slackFiles: 'task_slack_files',
  /** Global shortcut: where the person is (conversations_select defaulting to the current conversation). */
  postIn: 'task_post_in',
  /** "Complete with photos": the file_input. */
  photos: 'task_photos_input',
} as const;

export const TASK_ACTION = {
  /** Followed by the status key: task_status_todo, task_status_onhold, task_status_done, task_status_cancelled. */
  statusPrefix: 'task_status_',
  priority: 'task_priority',
  edit: 'task_edit_open',
  listMore: 'task_list_more',
  listPrevious: 'task_list_previous',
  listFirst: 'task_list_first',
  showCard: 'task_show_card',
  retryOpen: 'task_retry_open',
  /** "Complete with photos" on a card (and on the answer after a failed upload): opens the photo form. */
  photos: 'task_photos_open',
} as const;

export type { BlockJson } from '../../kit/blocks/block-json.ts';

export interface Rendered {
  text: string;
  blocks: BlockJson[];
}
