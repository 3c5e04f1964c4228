/**
 * Task → compact snapshot (what the differ compares and what a task parent message shows). Pure: the
 * caller passes `now` and the site's time zone, because "overdue" is a calendar question in that zone.
 */
import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { TASK_STATUS, type Task } from '../../monitoring/api.ts';
import type { TaskSnapshot } from './types.ts';

/** The calendar day (YYYY-MM-DD) at `now` in `timeZone` (UTC when null or unknown). */
export function localDay(now: number, timeZone: string | null): string {
  try {
    return format(new TZDate(now, timeZone ?? 'UTC'), 'yyyy-MM-dd');
  } catch {
    return new Date(now).toISOString().slice(0, 10);
  }
}

export function isClosedStatus(
  statusId: string,
  statusName: string | null,
  doneDate: string | null,
): 'done' | 'cancelled' | null {
  // contract: task status 25 Cancelled; Done has no published id, so its name and doneDate tell.
  if (statusId === TASK_STATUS.cancelled) return 'cancelled';
  if (doneDate !== null || (statusName ?? '').trim().toLowerCase() === 'done') return 'done';
  return null;
}

function personName(a: Task['assignee']): string | null {
  if (a === null) return null;
  const full = [a.firstName, a.lastName]
    .filter((x): x is string => typeof x === 'string' && x !== '')
    .join(' ');
  return a.name ?? (full !== '' ? full : null) ?? a.email ?? a.username ?? a.id;
}

export function snapshotTask(task: Task, now: number, timeZone: string | null): TaskSnapshot {
  const open = isClosedStatus(task.status.id, task.status.name, task.doneDate) === null;
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
    dueDate,
    open,
    // "overdue": the due day has passed in the site's zone while the task is open
    overdue: open && dueDate !== null && dueDate < localDay(now, timeZone),
    deviceId: task.device?.id ?? null,
    deviceName: task.device?.name ?? null,
    modifiedAt: task.auditInfo?.lastModifiedDate ?? null,
  };
}
