/**
 * Task → compact snapshot (what the differ compares and what a task parent message shows). Pure: the
 * caller passes `now` and the site's time zone, because "overdue" is a calendar question in that zone.
 */
import type { Task } from '../../monitoring/api.ts';
import {
  dueDeadline,
  isDueDate,
  isOpen,
  isOverdue,
  knownZone,
  type DueState,
} from '../../tasks/rules/index.ts';
import type { TaskSnapshot } from './types.ts';

function personName(a: Task['assignee']): string | null {
  if (a === null) return null;
  const full = [a.firstName, a.lastName]
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .join(' ');
  return a.name ?? (full !== '' ? full : null) ?? a.email ?? a.username ?? a.id;
}

export function snapshotTask(task: Task, now: number, timeZone: string | null): TaskSnapshot {
  // Open and overdue mean what they mean on the task list and the Home tab: one rule, in the tasks feature.
  const open = isOpen(task);
  const dueDate = task.dueDate;
  return {
    id: task.id,
    name: task.name,
    siteId: task.site?.id ?? '',
    siteName: task.site?.name ?? null,
    statusId: task.status.id,
    statusName: task.status.name,
    priorityId: task.priority?.id ?? null,
    priorityName: task.priority?.name ?? null,
    assigneeId: task.assignee?.id ?? null,
    assigneeName: personName(task.assignee),
    assigneeEmail: task.assignee?.email ?? null,
    dueDate,
    timeZone,
    open,
    overdue: isOverdue(task, now, timeZone),
    deviceId: task.device?.id ?? null,
    deviceName: task.device?.name ?? null,
    modifiedAt: task.auditInfo?.lastModifiedDate ?? null,
  };
}

/**
 * A snapshot's due date as the one rule states it (tasks' dueState), with open and overdue as judged when it was
 * taken. The end of the due day is known only when the snapshot names the zone it was counted in.
 */
export function snapshotDue(task: TaskSnapshot): DueState {
  const { dueDate } = task;
  if (dueDate === null || dueDate === '') return { kind: 'none' };
  if (!isDueDate(dueDate)) return { kind: 'unreadable', dueDate };
  const zone = task.timeZone;
  const endsAt = zone === undefined ? null : dueDeadline(dueDate, zone);
  const day = { dueDate, endsAt, zone: knownZone(zone ?? null) };
  return { kind: !task.open ? 'closed' : task.overdue ? 'overdue' : 'due', ...day };
}
