/** Pure renderers of relayed task changes: a parent showing the task's current state and thread replies. */
import type { TaskEvent, TaskSnapshot } from '../rules/types.ts';
import type { RenderedMessage } from './alert-message.ts';
import { safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { statusClosure } from '../../tasks/rules/index.ts';
import { dueField, OVERDUE_MARK } from '../../tasks/index.ts';
import { snapshotDue } from '../rules/task-snapshot.ts';

const mrkdwn = (text: string) => ({ type: 'mrkdwn', text });
const orNone = (text: string | null, max = 200, none = '_none_') =>
  text === null || text === '' ? none : safeName(text, max);

/** The assignee as a Slack mention when their Slack user is known (`<@U…>`), otherwise their name. */
function assigneeText(task: TaskSnapshot, mention: string | null): string {
  return mention !== null ? `<@${safeText(mention, 30)}>` : orNone(task.assigneeName, 200, 'Unassigned');
}

export function renderTaskParent(task: TaskSnapshot, mention: string | null = null): RenderedMessage {
  const cancelled = statusClosure({ id: task.statusId, name: task.statusName }) === 'cancelled';
  const icon = task.open ? ':clipboard:' : cancelled ? ':no_entry_sign:' : ':white_check_mark:';
  // Empty fields read as on the task card posted in the same channels: None, —, Unassigned.
  // Worded like the task card (one rule, one wording: tasks' dueState and dueField).
  const due = dueField(snapshotDue(task));
  const fields = [
    `*Status*\n${orNone(task.statusName ?? task.statusId)}`,
    `*Priority*\n${orNone(task.priorityName, 200, 'None')}`,
    `*Due*\n${due}`,
    `*Assignee*\n${assigneeText(task, mention)}`,
    `*Site*\n${orNone(task.siteName ?? task.siteId)}`,
  ];
  if (task.deviceId !== null) fields.push(`*Data source*\n${orNone(task.deviceName ?? task.deviceId)}`);
  return {
    text: safeText(`Task: ${task.name} (${task.statusName ?? task.statusId})`, 3000),
    blocks: [
      { type: 'section', text: mrkdwn(`${icon} *${safeName(task.name, 2500)}*`) },
      { type: 'section', fields: fields.map(mrkdwn) },
    ],
  };
}

export function describeTaskEvent(e: TaskEvent, mention: string | null = null): string {
  switch (e.kind) {
    case 'created':
      return ':new: Task created';
    case 'status': {
      const icon =
        e.closed === 'done' ? ':white_check_mark: ' : e.closed === 'cancelled' ? ':no_entry_sign: ' : '';
      return `${icon}Status: ${orNone(e.from, 100)} → *${orNone(e.to, 100)}*`;
    }
    case 'reassigned':
      return `:bust_in_silhouette: Assignee: ${orNone(e.from, 100)} → *${e.to !== null && mention !== null ? `<@${safeText(mention, 30)}>` : orNone(e.to, 100)}*`;
    case 'priority':
      return `Priority: ${orNone(e.from, 100)} → *${orNone(e.to, 100)}*`;
    case 'due':
      return `:calendar: Due date: ${orNone(e.from, 20)} → *${orNone(e.to, 20)}*`;
    case 'overdue':
      return `${OVERDUE_MARK}: was due ${safeText(e.dueDate, 20)}`;
  }
}

export function renderTaskEventsReply(
  task: TaskSnapshot,
  events: TaskEvent[],
  mention: string | null = null,
): RenderedMessage {
  const lines = events.map((e) => describeTaskEvent(e, mention)).join('\n');
  return {
    text: safeText(`${task.name}: ${events.map((e) => e.kind).join(', ')}`, 3000),
    blocks: [{ type: 'section', text: mrkdwn(lines.slice(0, 3000)) }],
  };
}
