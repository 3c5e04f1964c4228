/**
 * What happens when a person assigns a task from Slack, beyond the card: the composition root hands the tasks
 * feature a hook (the alerts feature's assignee DM, issue "people told"), so tasks never imports alerts (alerts
 * already imports tasks for the card). A failed hook is logged; the assignment itself stands.
 */
import type { WebClient } from '@slack/web-api';
import type { Task } from '../../monitoring/api.ts';
import type { Logger } from '../../base/log.ts';

export interface AssignmentHooks {
  /** The task as it now is, assigned by the Slack user `by`. */
  onAssigned?(client: WebClient, task: Task, by: string): Promise<unknown>;
}

export async function announceAssignment(
  deps: AssignmentHooks & { log: Logger },
  client: WebClient,
  task: Task,
  by: string,
): Promise<void> {
  if (!task.assignee || !deps.onAssigned) return;
  await deps.onAssigned(client, task, by).catch((err: unknown) => {
    deps.log.warn({ err, taskId: task.id }, 'the assignee could not be told about the task');
  });
}
