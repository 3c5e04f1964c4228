/** The priority menu on a task card. Option values are `<taskId>|<priorityId>`. */
import { actionEntry, toWork } from '../../kit/entry.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { actionFacts, changeContext } from '../flows/action-context.ts';
import { changeTask, type TaskChangeDeps } from '../flows/change-task.ts';

export const taskPriority = (deps: TaskChangeDeps) =>
  actionEntry({
    match: TASK_ACTION.priority,
    kind: 'tasks.priority',
    // Nothing to check on receipt: the PATCH and the card update run after the ack, as a job.
    receive: () => toWork(undefined),
    async work({ body, client, respond }) {
      const facts = actionFacts(body);
      const [taskId = '', priorityId = ''] = (facts.value ?? '').split('|');
      if (!taskId || !priorityId) return;
      await changeTask(deps, changeContext(facts, client, respond), taskId, { priorityId });
    },
  });
