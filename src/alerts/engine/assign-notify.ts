/**
 * The Slack path of "the assignee is told": the tasks feature calls this right after it assigned a task for
 * someone. It DMs the assignee the task card at once and claims the same event id the relay's poll would use
 * (task, assignee, last modification), so the relay's next cycle does not DM them a second time.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../deps.ts';
import type { Task } from '../../monitoring/api.ts';
import { isOpen } from '../../tasks/rules/index.ts';
import { assignmentEventId, createRelayPeople, DM_OUTBOX } from './relay-people.ts';
import { relayStore } from './relay-store.ts';

const CLAIM_TTL_MS = 48 * 3_600_000;

/** `by`: the Slack user who assigned it; nobody is DMed about a task they assigned to themselves. */
export async function notifyAssignment(
  deps: Pick<Deps, 'store' | 'directory'>,
  client: WebClient,
  task: Task,
  by?: string,
): Promise<'sent' | 'skipped'> {
  const assignee = task.assignee;
  if (!assignee?.email || !isOpen(task)) return 'skipped';
  const rs = relayStore(deps.store);
  const id = assignmentEventId(task.id, assignee.id, task.auditInfo?.lastModifiedDate ?? null);
  if (await rs.eventEnqueued(DM_OUTBOX, id)) return 'skipped';
  await rs.markEventEnqueued(DM_OUTBOX, id, CLAIM_TTL_MS);
  const people = createRelayPeople({ store: deps.store, client, directory: deps.directory });
  const user = await people.slackUserFor(assignee.email);
  if (user === undefined || user === by || !(await people.dmsWanted(user))) return 'skipped';
  const card = await people.taskCard(task);
  if (card === null) return 'skipped';
  await client.chat.postMessage({ channel: user, text: card.text, blocks: card.blocks, unfurl_links: false });
  return 'sent';
}
