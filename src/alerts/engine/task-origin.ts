/**
 * A task made from a Slack message has its card in that message's thread already (the tasks feature posts it
 * there, and tells the person so). A channel following tasks does not announce that creation a second time as
 * a top-level message; its later changes are relayed as any task's. The origin is read from the platform's own
 * record of the task (its description), so every replica, cycle and restart agrees without a store key.
 */
import { messageOrigin } from '../../tasks/index.ts';
import type { OutboxDraft } from '../rules/model.ts';

/** True for a draft announcing only the creation, in `channel`, of a task made from a message there. */
export function createdInThreadHere(
  channel: string,
  draft: OutboxDraft,
  tasks: ReadonlyMap<string, unknown> | undefined,
): boolean {
  if (draft.kind !== 'task.changed' || !draft.events.every((e) => e.kind === 'created')) return false;
  const task = tasks?.get(draft.task.id);
  const description =
    typeof task === 'object' && task !== null && 'description' in task && typeof task.description === 'string'
      ? task.description
      : null;
  return messageOrigin(description)?.channel === channel;
}
