/**
 * The tasks feature: its public API for other features, and `registerTasks`, which registers every task
 * listener (the /task command, the New task and Create task from message shortcuts, the create and edit
 * modals, the card and list buttons, the modal's typeaheads).
 *
 * Other features import tasks from this file only. The one exception is pure code (alerts/rules, home/rules,
 * renderers): it imports ./rules/index.ts, which this file re-exports, because loading this file loads the
 * listeners and with them @slack and kit code that rules must not depend on.
 */
import type { ViewSubmitAction } from '@slack/bolt';
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import { TASK_ACTION, TASK_FIELD, TASK_VIEW } from './render/task-ids.ts';
import type { AssignmentHooks } from './slack/task-assigned.ts';
import { handleCreateTaskFromMessage } from './slack/create-task-from-message.ts';
import { handleNewTaskShortcut } from './slack/new-task.ts';
import { handleTaskCommand, taskCommandJob } from './slack/task-command.ts';
import { CREATE_AT_DOOR, handleTaskCreateSubmit } from './slack/task-create-submit.ts';
import { handleTaskEditOpen } from './slack/task-edit.ts';
import { EDIT_AT_DOOR, handleTaskEditSubmit } from './slack/task-edit-submit.ts';
import { handleTaskListMore } from './slack/task-list-more.ts';
import {
  handleTaskChannelOptions,
  handleTaskDeviceOptions,
  handleTaskSiteOptions,
} from './slack/task-options.ts';
import { handleTaskPriorityChange } from './slack/task-priority.ts';
import { handleTaskRetryOpen } from './slack/task-retry-open.ts';
import { handleTaskShowCard, TASK_SHOW_CARD_ACTION } from './slack/task-show-card.ts';
import { handleTaskStatusClick, TASK_STATUS_ACTION } from './slack/task-status.ts';

export * from './rules/index.ts';
export { createTaskService, type TaskService } from './service/task-service.ts';
export type { BlockJson, Rendered } from './render/task-ids.ts';
export { renderNotice } from './render/task-notices.ts';
export { openCreateTaskModal, type TaskPrefill } from './slack/task-create-open.ts';
/** Where a task made from a Slack message came from (the relay leaves its card in that message's thread). */
export { messageOrigin } from './slack/task-from-message.ts';
export { actionFacts, type ActionFacts } from './slack/task-action-context.ts';
export { postCard, renderCardFor, tellUser } from './slack/task-deliver.ts';

export type { AssignmentHooks } from './slack/task-assigned.ts';

export function registerTasks(app: ListenerApp, deps: Deps, hooks: AssignmentHooks = {}): void {
  app.command('/task', (args) => handleTaskCommand(args, deps));
  // What a full job queue refuses before the app (src/runtime/jobs/door.ts): the same answers as handOff's.
  app.busyAtDoor({ command: '/task', kind: taskCommandJob });
  app.busyAtDoor(CREATE_AT_DOOR);
  app.busyAtDoor(EDIT_AT_DOOR);

  app.shortcut({ callback_id: 'new_task', type: 'shortcut' }, (args) => handleNewTaskShortcut(args, deps));
  app.shortcut({ callback_id: 'create_task_from_message', type: 'message_action' }, (args) =>
    handleCreateTaskFromMessage(args, deps),
  );

  app.view<ViewSubmitAction>({ callback_id: TASK_VIEW.create, type: 'view_submission' }, (args) =>
    handleTaskCreateSubmit(args, { ...deps, ...hooks }),
  );
  app.view<ViewSubmitAction>({ callback_id: TASK_VIEW.edit, type: 'view_submission' }, (args) =>
    handleTaskEditSubmit(args, { ...deps, ...hooks }),
  );

  app.action({ type: 'block_actions', action_id: TASK_STATUS_ACTION }, (args) =>
    handleTaskStatusClick(args, deps),
  );
  app.action({ type: 'block_actions', action_id: TASK_ACTION.priority }, (args) =>
    handleTaskPriorityChange(args, deps),
  );
  app.action({ type: 'block_actions', action_id: TASK_ACTION.edit }, (args) =>
    handleTaskEditOpen(args, deps),
  );
  app.action({ type: 'block_actions', action_id: TASK_ACTION.listMore }, (args) =>
    handleTaskListMore(args, deps),
  );
  app.action({ type: 'block_actions', action_id: TASK_SHOW_CARD_ACTION }, (args) =>
    handleTaskShowCard(args, deps),
  );
  app.action({ type: 'block_actions', action_id: TASK_ACTION.retryOpen }, (args) =>
    handleTaskRetryOpen(args, deps),
  );

  app.options<'block_suggestion'>({ type: 'block_suggestion', action_id: TASK_FIELD.site }, (args) =>
    handleTaskSiteOptions(args, deps),
  );
  app.options<'block_suggestion'>({ type: 'block_suggestion', action_id: TASK_FIELD.device }, (args) =>
    handleTaskDeviceOptions(args, deps),
  );
  app.options<'block_suggestion'>({ type: 'block_suggestion', action_id: TASK_FIELD.channel }, (args) =>
    handleTaskChannelOptions(args, deps),
  );
}
