/** Global shortcut "New task": the create modal; the card then arrives in the person's DM with the app. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { openCreateTaskModal } from '../../tasks/slack/task-create-open.ts';

export function registerNewTaskShortcut(app: App, deps: Deps): void {
  app.shortcut({ callback_id: 'new_task', type: 'shortcut' }, async ({ ack, shortcut, client }) => {
    await ack();
    await openCreateTaskModal(deps, client, shortcut.trigger_id, {});
  });
}
