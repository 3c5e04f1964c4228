/**
 * The Slack path of "the assignee is told": the tasks feature calls this right after it created or changed a
 * task for someone. The assignee is DMed the task card at once, and the other DM cards of the task (a former
 * assignee's) are edited to match, through the same claim the relay's deliverer uses (./assign-dm.ts), so
 * whichever of the two comes second — on this replica or another — DMs nobody a second time.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import type { Task } from '../../monitoring/api.ts';
import { renderCardFor } from '../../tasks/index.ts';
import { tellAssignees } from './assign-dm.ts';
import { createAlertPeople } from './alert-people.ts';
import { relayRoot } from '../flows/relay-root.ts';

/** `by`: the Slack user who assigned it; nobody is DMed about a task they assigned to themselves. */
export async function notifyAssignment(
  deps: Pick<Deps, 'store' | 'directory'> & Partial<Pick<Deps, 'log'>>,
  client: WebClient,
  task: Task,
  by?: string,
): Promise<'sent' | 'skipped'> {
  // The acting workspace's relay records (issue 39): the claim its relay's deliverer checks.
  const root = await relayRoot(deps);
  const people = createAlertPeople({ store: root, client, directory: deps.directory });
  const render = async (t: Task) => {
    const card = await renderCardFor(deps, t);
    return { text: card.text, blocks: card.blocks };
  };
  const ctx = { alerts: root.namespace('relay'), client, people, render, now: () => Date.now() };
  return tellAssignees(deps.log ? { ...ctx, log: deps.log } : ctx, task, by);
}
