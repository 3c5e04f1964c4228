/** Pure fan-out of task changes to one channel's task subscription. */
import { createHash } from 'node:crypto';
import { TASK_PRIORITY } from '../../monitoring/api.ts';
import type { OutboxDraft, PriorityName, TaskSubscription } from './model.ts';
import { siteMatches } from './plan-alerts.ts';
import type { TaskChange } from './task-diff.ts';

const RANK: Record<string, number> = {
  [TASK_PRIORITY.low]: 1,
  [TASK_PRIORITY.medium]: 2,
  [TASK_PRIORITY.high]: 3,
};
const MIN_RANK: Record<PriorityName, number> = { low: 1, medium: 2, high: 3 };

export function priorityMatches(min: PriorityName | null, priorityId: string | null): boolean {
  if (min === null) return true;
  return (RANK[priorityId ?? ''] ?? 0) >= MIN_RANK[min];
}

/** Items for one channel. An unprimed subscription (its first complete cycle) records silently. */
export function planChannelTasks(sub: TaskSubscription, changes: TaskChange[]): OutboxDraft[] {
  if (!sub.primed) return [];
  const drafts: OutboxDraft[] = [];
  for (const change of changes) {
    const task = change.snapshot;
    if (!siteMatches(sub.siteIds, task.siteId) || !priorityMatches(sub.minPriority, task.priorityId))
      continue;
    const digest = createHash('sha1').update(JSON.stringify(change.events)).digest('hex').slice(0, 12);
    drafts.push({
      kind: 'task.changed',
      task,
      events: change.events,
      id: `task:${task.id}:${task.modifiedAt ?? ''}:${digest}`,
      subject: `task:${task.id}`,
    });
  }
  return drafts;
}
