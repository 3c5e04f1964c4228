/** "Open the form again" after a failed create: the create modal, prefilled with everything the person typed. */
import type { Deps } from '../../base/deps.ts';
import type { TaskPrefill } from '../render/task-create-modal.ts';
import { renderNotice } from '../render/task-notices.ts';
import { openCreateTaskModal, type OpenTaskModalDeps } from './task-create-open.ts';
import { tellUser } from './task-deliver.ts';
import { actionFacts, type TaskActionArgs } from './task-action-context.ts';

export async function handleTaskRetryOpen(
  { ack, body, client }: TaskActionArgs,
  deps: OpenTaskModalDeps & Pick<Deps, 'store'>,
): Promise<void> {
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
}
