/** The priority menu on a task card. Option values are `<taskId>|<priorityId>`. */
import { actionFacts, changeContext, type TaskActionArgs } from './task-action-context.ts';
import { changeTask, type TaskChangeDeps } from './task-change.ts';

export async function handleTaskPriorityChange(
  { ack, body, client, respond }: TaskActionArgs,
  deps: TaskChangeDeps,
): Promise<void> {
  await ack();
  const facts = actionFacts(body);
  const [taskId = '', priorityId = ''] = (facts.value ?? '').split('|');
  if (!taskId || !priorityId) return;
  await changeTask(deps, changeContext(facts, client, respond), taskId, { priorityId });
}
