/** Status buttons on a task card (To Do, On Hold, Done, Cancel). An unknown status id is explained, never guessed. */
import { CANONICAL_STATUSES, statusKey } from '../../directory/index.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { renderNotice } from '../render/task-notices.ts';
import { unknownStatusText } from '../render/task-card.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { tellUser } from './task-deliver.ts';
import { actionFacts, changeContext, type TaskActionArgs } from './task-action-context.ts';
import { changeTask, type TaskChangeDeps } from './task-change.ts';

/** task_status_todo, task_status_onhold, task_status_done, task_status_cancelled. */
export const TASK_STATUS_ACTION = new RegExp(
  `^${TASK_ACTION.statusPrefix}(${CANONICAL_STATUSES.map(statusKey).join('|')})$`,
);

export async function handleTaskStatusClick(args: TaskActionArgs, deps: TaskChangeDeps): Promise<void> {
  // The status change (platform PATCH, card update, thread note) runs as a job (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'tasks.status'))) return;
  const { body, client, respond } = args;
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
}
