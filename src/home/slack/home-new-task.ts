/** "New task" on the Home tab: the shared create-task modal; the card then arrives in the person's DM. */
import { actionFacts, openCreateTaskModal } from '../../tasks/index.ts';
import type { HomeActionArgs } from './home-args.ts';

export async function handleHomeNewTask(
  { ack, body, client }: HomeActionArgs,
  deps: Parameters<typeof openCreateTaskModal>[0],
): Promise<void> {
  await ack();
  const { triggerId } = actionFacts(body);
  // Slack always sends a trigger_id with block actions; without one no modal can open.
  if (triggerId) await openCreateTaskModal(deps, client, triggerId, {});
}
