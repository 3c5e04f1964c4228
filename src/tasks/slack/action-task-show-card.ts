/** "Card" next to a task in `/task list`: the full task card, only for the person who asked. */
import type { Deps } from '../../base/deps.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { TASK_ACTION } from '../render/task-ids.ts';
import { notVisibleText, renderNotice } from '../render/task-notices.ts';
import { renderCardFor } from '../flows/deliver.ts';
import { actionFacts } from '../flows/action-context.ts';

/** One action id per listed task (`task_show_card_<id>`): Slack wants action ids unique within a message. */
export const TASK_SHOW_CARD_ACTION = new RegExp(`^${TASK_ACTION.showCard}_`);

export const taskShowCard = (deps: Pick<Deps, 'tasks' | 'directory'>) =>
  actionEntry({
    match: TASK_SHOW_CARD_ACTION,
    kind: 'tasks.show-card',
    // Nothing to check on receipt: the task read and the card's render run as a job.
    receive: () => toWork(undefined),
    async work({ body, respond }) {
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
    },
  });
