/** Status buttons on a task card (To Do, On Hold, Done, Cancel). An unknown status id is explained, never guessed. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { CANONICAL_STATUSES, statusKey } from '../../directory/index.ts';
import { TASK_ACTION } from '../../tasks/render/task-ids.ts';
import { renderNotice } from '../../tasks/render/task-notices.ts';
import { unknownStatusText } from '../../tasks/render/task-card.ts';
import { tellUser } from '../../tasks/slack/task-deliver.ts';
import { actionFacts, changeContext } from '../../tasks/slack/task-action-context.ts';
import { changeTask } from '../../tasks/slack/task-change.ts';

const STATUS_ACTION = new RegExp(
  `^${TASK_ACTION.statusPrefix}(${CANONICAL_STATUSES.map(statusKey).join('|')})$`,
);

export function registerTaskStatusActions(app: App, deps: Deps): void {
  app.action(STATUS_ACTION, async ({ ack, body, client, respond }) => {
    await ack();
    const facts = actionFacts(body);
    const key = facts.actionId.slice(TASK_ACTION.statusPrefix.length);
    const name = CANONICAL_STATUSES.find((s) => statusKey(s) === key) ?? key;
    const taskId = facts.value ?? '';
    await deps.directory.statuses.refresh().catch(() => undefined);
    const statusId = deps.directory.statuses.idFor(name);
    if (statusId === undefined) {
      await tellUser(
        client,
        { user: facts.user, ...(facts.channel ? { channel: facts.channel } : {}) },
        renderNotice(unknownStatusText([name])),
      );
      return;
    }
    await changeTask(deps, changeContext(facts, client, respond), taskId, { statusId });
  });
}
