/** The priority menu on a task card. Option values are `<taskId>|<priorityId>`. */
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { actionFacts, changeContext, type TaskActionArgs } from './task-action-context.ts';
import { changeTask, type TaskChangeDeps } from './task-change.ts';

export async function handleTaskPriorityChange(args: TaskActionArgs, deps: TaskChangeDeps): Promise<void> {
  // The PATCH and the card update run as a job (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'tasks.priority'))) return;
  const { body, client, respond } = args;
  const facts = actionFacts(body);
  const [taskId = '', priorityId = ''] = (facts.value ?? '').split('|');
  if (!taskId || !priorityId) return;
  await changeTask(deps, changeContext(facts, client, respond), taskId, { priorityId });
}
