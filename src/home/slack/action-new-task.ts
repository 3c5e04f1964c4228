/** "New task" on the Home tab: the shared create-task modal; the card then arrives in the person's DM. */
import type { ActionArgs } from '../../kit/entry.ts';
import { actionFacts, openCreateTaskModal } from '../../tasks/index.ts';

/** Answered on receipt only (it opens a modal): a Bolt listener, no job. */
export async function handleHomeNewTask(
  { ack, body, client }: ActionArgs,
  deps: Parameters<typeof openCreateTaskModal>[0],
): Promise<void> {
  await ack();
  const { triggerId } = actionFacts(body);
  // Slack always sends a trigger_id with block actions; without one no modal can open.
  if (triggerId) await openCreateTaskModal(deps, client, triggerId, {});
}
