/** Pure fan-out of task changes to one channel's task subscription. */
import { createHash } from 'node:crypto';
import { meetsPriority } from '../../tasks/rules/index.ts';
import type { OutboxDraft, TaskSubscription } from './model.ts';
import { siteMatches } from './plan-incidents.ts';
import type { TaskChange } from './task-diff.ts';

/** Items for one channel. An unprimed subscription (its first complete cycle) records silently. */
export function planChannelTasks(sub: TaskSubscription, changes: TaskChange[]): OutboxDraft[] {
  if (!sub.primed) return [];
  const drafts: OutboxDraft[] = [];
  for (const change of changes) {
    const task = change.snapshot;
    if (!siteMatches(sub.siteIds, task.siteId) || !meetsPriority(sub.minPriority, task.priorityId)) continue;
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
