/** The priority menu on a task card. Option values are `<taskId>|<priorityId>`. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { TASK_ACTION } from '../../tasks/render/task-ids.ts';
import { actionFacts, changeContext } from '../../tasks/slack/task-action-context.ts';
import { changeTask } from '../../tasks/slack/task-change.ts';

export function registerTaskPriorityAction(app: App, deps: Deps): void {
  app.action(TASK_ACTION.priority, async ({ ack, body, client, respond }) => {
    await ack();
    const facts = actionFacts(body);
    const [taskId = '', priorityId = ''] = (facts.value ?? '').split('|');
    if (!taskId || !priorityId) return;
    await changeTask(deps, changeContext(facts, client, respond), taskId, { priorityId });
  });
}
