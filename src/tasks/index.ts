/**
 * The tasks feature: its public API for other features, and `registerTasks`, which registers every task
 * listener (the /task command, the New task and Create task from message shortcuts, the create and edit
 * modals, the card and list buttons, the modal's typeaheads).
 *
 * Other features import tasks from this file only. The one exception is pure code (alerts/rules, home/rules,
 * renderers): it imports ./rules/index.ts, which this file re-exports, because loading this file loads the
 * listeners and with them @slack and kit code that rules must not depend on.
 */
import type { ListenerApp } from '../kit/entry.ts';
import type { Deps } from '../base/deps.ts';
import { TASK_ACTION, TASK_FIELD } from './render/task-ids.ts';
import type { AssignmentHooks } from './flows/assigned.ts';
import type { MessagePrefillHooks } from './flows/message-prefill.ts';
import { handleCreateTaskFromMessage } from './slack/shortcut-task-from-message.ts';
import { handleNewTaskShortcut } from './slack/shortcut-new-task.ts';
import { taskCommand } from './slack/command-task.ts';
import { taskCreateSubmit } from './slack/view-task-create-submit.ts';
import { handleTaskEditOpen } from './slack/action-task-edit.ts';
import { taskEditSubmit } from './slack/view-task-edit-submit.ts';
import { taskListMore } from './slack/action-task-list-more.ts';
import {
  handleTaskChannelOptions,
  handleTaskDeviceOptions,
  handleTaskSiteOptions,
} from './slack/options-task-form.ts';
import { taskPriority } from './slack/action-task-priority.ts';
import { handleTaskRetryOpen } from './slack/action-task-retry-open.ts';
import { taskShowCard } from './slack/action-task-show-card.ts';
import { taskStatus } from './slack/action-task-status.ts';
import { TASK_HELP } from './render/task-help.ts';
import { taskPhotosOpen } from './slack/action-task-photos.ts';
import { taskPhotosSubmit } from './slack/view-task-photos-submit.ts';
import { createPhotoStore } from './service/photo-store.ts';

export * from './rules/index.ts';
export { createTaskService, type TaskService } from './service/task-service.ts';
export type { BlockJson, Rendered } from './render/task-ids.ts';
export { renderNotice } from './render/task-notices.ts';
/** How every card words a due date (the one rule: dueState). */
export { dueField, dueShort, OVERDUE_MARK } from './render/due-text.ts';
export { TASK_HELP } from './render/task-help.ts';
/** The slash commands of this feature, with their help (the manifest lists the same). */
export const COMMANDS = [TASK_HELP];
export { openCreateTaskModal, type TaskPrefill } from './flows/create-open.ts';
/** Where a task made from a Slack message came from (the relay leaves its card in that message's thread). */
export { messageOrigin } from './rules/from-message.ts';
export { actionFacts, type ActionFacts } from './flows/action-context.ts';
export { postCard, renderCardFor, tellUser } from './flows/deliver.ts';
/** What the Workflow Builder step "Create a maintenance task" reuses (issue 41): the modal's rules and messages. */
export { createBody, validateTaskForm, type TaskForm } from './flows/task-form.ts';
export { TASK_FIELD } from './render/task-ids.ts';
export { assigneeError } from './render/assignee-errors.ts';

export type { AssignmentHooks } from './flows/assigned.ts';
export type { MessagePrefillHooks } from './flows/message-prefill.ts';

export function registerTasks(
  app: ListenerApp,
  deps: Deps,
  hooks: AssignmentHooks & MessagePrefillHooks = {},
): void {
  // What becomes work after the ack: declared once each (kind, door rule and busy answer come with it).
  app.entry(taskCommand(deps));
  app.entry(taskCreateSubmit({ ...deps, ...hooks }));
  app.entry(taskEditSubmit({ ...deps, ...hooks }));
  app.entry(taskStatus(deps));
  app.entry(taskPriority(deps));
  app.entry(taskListMore(deps));
  app.entry(taskShowCard(deps));
  // Photo evidence (issue 40): the card's "Complete with photos" and its form.
  app.entry(taskPhotosOpen(deps));
  app.entry(taskPhotosSubmit({ ...deps, ...hooks }));
  // What photo evidence keeps per workspace (rules, uploaded photos) leaves with the workspace.
  deps.installs?.onRemoved((key) => createPhotoStore(deps.store).removeWorkspace(key));

  // Answered on receipt only: a modal to open (the trigger id lives 3 s) or an option list.
  app.shortcut({ callback_id: 'new_task', type: 'shortcut' }, (args) => handleNewTaskShortcut(args, deps));
  app.shortcut({ callback_id: 'create_task_from_message', type: 'message_action' }, (args) =>
    handleCreateTaskFromMessage(args, { ...deps, ...hooks }),
  );
  app.action({ type: 'block_actions', action_id: TASK_ACTION.edit }, (args) =>
    handleTaskEditOpen(args, deps),
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
