/** Small task messages (pure): a failed create with the person's input echoed, change notes, plain notices. */
import { escapeMrkdwn, safeText, truncate, safeName } from '../../kit/blocks/mrkdwn.ts';
import type { TaskPrefill } from './task-create-modal.ts';
import { priorityName } from '../rules/priority.ts';
import { TASK_ACTION, type Rendered } from './task-ids.ts';

export function renderNotice(text: string): Rendered {
  return {
    text: truncate(text, 3000),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: truncate(text, 3000) } }],
  };
}

/** The ephemeral confirmation of a task made from a message: its card is in that message's thread. */
export function renderCreatedInThread(task: { id: string; name: string }, link: string | undefined): string {
  const what = `Task ${escapeMrkdwn(task.id)} “${safeName(task.name, 200)}” created`;
  return link
    ? `${what} — its card is in the message's thread: <${link}|open it>.`
    : `${what} — its card is in the message's thread.`;
}

/** A task id from a button that the person's own key does not find (no access to it, or it is gone). */
export function notVisibleText(taskId: string): string {
  return `You have no access to task ${safeText(taskId, 40)} on the monitoring platform, or it no longer exists: it is not among the tasks your platform account can see.`;
}

/** `problem` is ready mrkdwn (from userMessageFor). The draft is echoed so nothing typed is lost. */
export function renderCreateFailed(problem: string, draft: TaskPrefill, draftKey: string): Rendered {
  const echo = [
    `*Name:* ${safeName(draft.name ?? '—', 500)}`,
    draft.siteName ? `*Site:* ${safeName(draft.siteName, 200)}` : null,
    draft.deviceName ? `*Data source:* ${safeName(draft.deviceName, 200)}` : null,
    draft.priorityId
      ? `*Priority:* ${priorityName(draft.priorityId) ?? escapeMrkdwn(draft.priorityId)}`
      : null,
    draft.dueDate ? `*Due:* ${escapeMrkdwn(draft.dueDate)}` : null,
    draft.description ? `*Description:* ${safeText(draft.description, 1500)}` : null,
  ].filter((x): x is string => x !== null);
  const text = `${problem}\nYour task was not created. What you entered:`;
  return {
    text: truncate(`${text} ${safeName(draft.name ?? '', 500)}`, 3000),
    blocks: [
      { type: 'section', text: { type: 'mrkdwn', text: truncate(text, 3000) } },
      { type: 'section', text: { type: 'mrkdwn', text: truncate(echo.join('\n'), 3000) } },
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: TASK_ACTION.retryOpen,
            text: { type: 'plain_text', text: 'Open the form again' },
            style: 'primary',
            value: draftKey,
          },
        ],
      },
    ],
  };
}

/** The thread note after a change: who did what. */
export function changeNote(userId: string, changes: readonly string[]): string {
  return truncate(`<@${userId}> ${changes.join('; ')}`, 3000);
}
