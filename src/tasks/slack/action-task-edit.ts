/** Edit on a task card: the edit modal with the task as last seen (from the snapshot, fast enough for the trigger). */
import type { Deps } from '../../base/deps.ts';
import type { EditMeta } from '../render/task-edit-modal.ts';
import { renderEditTaskModal } from '../render/task-edit-modal.ts';
import { renderNotice } from '../render/task-notices.ts';
import { tellUser } from '../flows/deliver.ts';
import { actionFacts, type TaskActionArgs } from '../flows/action-context.ts';
import { notVisibleText } from '../render/task-notices.ts';
import { within } from '../../kit/time-budget.ts';
import { INLINE_BUDGET_MS } from './view-task-create-submit.ts';

export const EDIT_OPEN_SLOW_TEXT =
  'The platform did not answer in time to open the edit form; nothing was changed. Press Edit again in a moment.';

export async function handleTaskEditOpen(
  { ack, body, client }: TaskActionArgs,
  deps: Pick<Deps, 'tasks'>,
): Promise<void> {
  await ack();
  const facts = actionFacts(body);
  // The trigger id lives 3 s: an expired snapshot sends the read to the platform, so it gets the inline budget.
  const read = facts.value
    ? await within(
        deps.tasks.get(facts.value).then((task) => ({ task })),
        INLINE_BUDGET_MS,
      )
    : { task: undefined };
  if (!read) {
    await tellUser(
      client,
      { user: facts.user, ...(facts.channel ? { channel: facts.channel } : {}) },
      renderNotice(EDIT_OPEN_SLOW_TEXT),
    );
    return;
  }
  const task = read.task;
  if (!task || !facts.triggerId) {
    // The platform decides with this person's key (a button value is no authority): not found for them.
    const text = facts.value
      ? `${notVisibleText(facts.value)} Find it with \`/task list\` and edit it from there.`
      : 'fieldline no longer has this task’s details. Find it with `/task list` and edit it from there.';
    await tellUser(
      client,
      { user: facts.user, ...(facts.channel ? { channel: facts.channel } : {}) },
      renderNotice(text),
    );
    return;
  }
  const meta: EditMeta = { taskId: task.id };
  if (facts.ephemeral && facts.responseUrl) meta.responseUrl = facts.responseUrl;
  else if (facts.channel && facts.messageTs) {
    Object.assign(
      meta,
      { channel: facts.channel, ts: facts.messageTs },
      facts.threadTs ? { threadTs: facts.threadTs } : {},
    );
  }
  await client.views.open({ trigger_id: facts.triggerId, view: renderEditTaskModal(task, meta) });
}
