/** "New task" on the Home tab: the shared create-task modal; the card then arrives in the person's DM. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { HOME_ACTION } from '../render/home-ids.ts';
import { actionFacts, openCreateTaskModal } from '../../tasks/index.ts';

export function registerHomeNewTask(app: App, deps: Deps): void {
  app.action(HOME_ACTION.newTask, async ({ ack, body, client }) => {
    await ack();
    const { triggerId } = actionFacts(body);
    // Slack always sends a trigger_id with block actions; without one no modal can open.
    if (triggerId) await openCreateTaskModal(deps, client, triggerId, {});
  });
}
