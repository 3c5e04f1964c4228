/** "Open the form again" after a failed create: the create modal, prefilled with everything the person typed. */
import type { Deps } from '../../base/deps.ts';
import type { SavedDraft } from '../flows/create-run.ts';
import { renderNotice } from '../render/task-notices.ts';
import { openCreateTaskModal, type OpenTaskModalDeps } from '../flows/create-open.ts';
import { tellUser } from '../flows/deliver.ts';
import { actionFacts, type TaskActionArgs } from '../flows/action-context.ts';

export async function handleTaskRetryOpen(
  { ack, body, client }: TaskActionArgs,
  deps: OpenTaskModalDeps & Pick<Deps, 'store'>,
): Promise<void> {
  await ack();
  const facts = actionFacts(body);
  const saved = facts.value
    ? await deps.store.namespace('task-draft').get<SavedDraft>(facts.value)
    : undefined;
  // The draft carries where its card goes (the place its author acted): only its author reopens it.
  const draft = saved?.user === facts.user ? saved.prefill : undefined;
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
