/** "Card" next to a task in `/task list`: the full task card, only for the person who asked. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { TASK_ACTION } from '../../tasks/render/task-ids.ts';
import { renderNotice } from '../../tasks/render/task-notices.ts';
import { renderCardFor } from '../../tasks/slack/task-deliver.ts';
import { actionFacts } from '../../tasks/slack/task-action-context.ts';

export function registerTaskShowCard(app: App, deps: Deps): void {
  app.action(new RegExp(`^${TASK_ACTION.showCard}_`), async ({ ack, body, respond }) => {
    await ack();
    const facts = actionFacts(body);
    const task = facts.value ? await deps.tasks.get(facts.value) : undefined;
    const message = task
      ? await renderCardFor(deps, task)
      : renderNotice('That task is no longer known to fieldline. Run `/task list` again.');
    await respond({ response_type: 'ephemeral', replace_original: false, ...message });
  });
}
