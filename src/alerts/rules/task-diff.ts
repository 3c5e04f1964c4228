/**
 * Pure task differ: the previous cycle's snapshots against this cycle's → events per task.
 * No previous snapshots at all (first cycle for a site) records silently.
 */
import { statusClosure } from '../../tasks/rules/index.ts';
import type { TaskEvent, TaskSnapshot } from './types.ts';

export interface TaskChange {
  taskId: string;
  snapshot: TaskSnapshot;
  events: TaskEvent[];
}

export function diffTask(prev: TaskSnapshot | undefined, next: TaskSnapshot): TaskEvent[] {
  if (prev === undefined) return [{ kind: 'created' }];
  const events: TaskEvent[] = [];
  if (prev.statusId !== next.statusId) {
    events.push({
      kind: 'status',
      from: prev.statusName ?? prev.statusId,
      to: next.statusName ?? next.statusId,
      // A closed task whose status is not Cancelled was closed as done (a doneDate closes it whatever the name).
      closed: next.open ? null : (statusClosure({ id: next.statusId, name: next.statusName }) ?? 'done'),
    });
  }
  if (prev.assigneeId !== next.assigneeId) {
    events.push({ kind: 'reassigned', from: prev.assigneeName, to: next.assigneeName });
  }
  if (prev.priorityId !== next.priorityId) {
    events.push({
      kind: 'priority',
      from: prev.priorityName ?? prev.priorityId,
      to: next.priorityName ?? next.priorityId,
    });
  }
  if (prev.dueDate !== next.dueDate) events.push({ kind: 'due', from: prev.dueDate, to: next.dueDate });
  if (!prev.overdue && next.overdue && next.dueDate !== null)
    events.push({ kind: 'overdue', dueDate: next.dueDate });
  return events;
}

/**
 * Compares whole sets. `prev` null = nothing recorded yet for these tasks: every task is recorded, no event.
 * Tasks that disappeared (deleted, moved away, filtered out) produce no event.
 */
export function diffTasks(prev: Record<string, TaskSnapshot> | null, next: TaskSnapshot[]): TaskChange[] {
  if (prev === null) return [];
  const changes: TaskChange[] = [];
  for (const snapshot of next) {
    const events = diffTask(prev[snapshot.id], snapshot);
    if (events.length > 0) changes.push({ taskId: snapshot.id, snapshot, events });
  }
  return changes;
}
