/** Status buttons on a task card (To Do, On Hold, Done, Cancel). An unknown status id is explained, never guessed. */
import { CANONICAL_STATUSES, statusKey } from '../../directory/index.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { renderNotice } from '../render/task-notices.ts';
import { unknownStatusText } from '../render/task-card.ts';
import { tellUser } from '../flows/deliver.ts';
import { actionFacts, changeContext } from '../flows/action-context.ts';
import { changeTask, type TaskChangeDeps } from '../flows/change-task.ts';

/** task_status_todo, task_status_onhold, task_status_done, task_status_cancelled. */
export const TASK_STATUS_ACTION = new RegExp(
  `^${TASK_ACTION.statusPrefix}(${CANONICAL_STATUSES.map(statusKey).join('|')})$`,
);

export const taskStatus = (deps: TaskChangeDeps) =>
  actionEntry({
    match: TASK_STATUS_ACTION,
    kind: 'tasks.status',
    // Nothing to check on receipt: the status change (PATCH, card update, thread note) runs as a job.
    receive: () => toWork(undefined),
    async work({ body, client, respond }) {
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
    },
  });
