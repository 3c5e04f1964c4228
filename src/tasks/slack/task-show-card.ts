/** "Card" next to a task in `/task list`: the full task card, only for the person who asked. */
import type { Deps } from '../../base/deps.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { notVisibleText, renderNotice } from '../render/task-notices.ts';
import { renderCardFor } from './task-deliver.ts';
import { actionFacts, type TaskActionArgs } from './task-action-context.ts';

/** One action id per listed task (`task_show_card_<id>`): Slack wants action ids unique within a message. */
export const TASK_SHOW_CARD_ACTION = new RegExp(`^${TASK_ACTION.showCard}_`);

export async function handleTaskShowCard(
  args: TaskActionArgs,
  deps: Pick<Deps, 'tasks' | 'directory'>,
): Promise<void> {
  // The task read and the card's render run as a job (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'tasks.show-card'))) return;
  const { body, respond } = args;
  const facts = actionFacts(body);
  const task = facts.value ? await deps.tasks.get(facts.value) : undefined;
  const message = task
    ? await renderCardFor(deps, task)
    : renderNotice(
        facts.value
          ? `${notVisibleText(facts.value)} Run \`/task list\` again.`
          : 'That task is no longer known to fieldline. Run `/task list` again.',
      );
  await respond({ response_type: 'ephemeral', replace_original: false, ...message });
}
