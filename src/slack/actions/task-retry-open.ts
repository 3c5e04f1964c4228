/** "Open the form again" after a failed create: the create modal, prefilled with everything the person typed. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import type { TaskPrefill } from '../../tasks/render/task-create-modal.ts';
import { TASK_ACTION } from '../../tasks/render/task-ids.ts';
import { renderNotice } from '../../tasks/render/task-notices.ts';
import { openCreateTaskModal } from '../../tasks/slack/task-create-open.ts';
import { tellUser } from '../../tasks/slack/task-deliver.ts';
import { actionFacts } from '../../tasks/slack/task-action-context.ts';

export function registerTaskRetryOpen(app: App, deps: Deps): void {
  app.action(TASK_ACTION.retryOpen, async ({ ack, body, client }) => {
    await ack();
    const facts = actionFacts(body);
    const draft = facts.value
      ? await deps.store.namespace('task-draft').get<TaskPrefill>(facts.value)
      : undefined;
    if (!draft || !facts.triggerId) {
      const text = 'That draft has expired. Run `/task` to start again.';
      await tellUser(
        client,
        { user: facts.user, ...(facts.channel ? { channel: facts.channel } : {}) },
        renderNotice(text),
      );
      return;
    }
    await openCreateTaskModal(deps, client, facts.triggerId, draft);
  });
}
