/** Pure: the words for what a PATCH changed, for the card's thread ("status To Do → Done"). */
import type { Task, TaskPatch } from '../../monitoring/api.ts';
import { priorityName } from '../rules/priority.ts';
import { escapeMrkdwn, safeName } from '../../kit/blocks/mrkdwn.ts';

const q = (text: string | null | undefined, max = 120) => (text ? `“${safeName(text, max)}”` : '—');

export function describePatch(
  before: Task | undefined,
  patch: TaskPatch,
  names: { status(id: string): string | undefined; assignee?: string | null },
): string[] {
  const out: string[] = [];
  if (patch.statusId !== undefined) {
    const to = names.status(patch.statusId) ?? `status ${patch.statusId}`;
    out.push(
      before
        ? `changed status: ${safeName(before.status.name ?? '?', 60)} → ${escapeMrkdwn(to)}`
        : `set status to ${escapeMrkdwn(to)}`,
    );
  }
  if (patch.priorityId !== undefined) {
    const to = priorityName(patch.priorityId) ?? escapeMrkdwn(patch.priorityId);
    out.push(
      before
        ? `changed priority: ${safeName(before.priority?.name ?? 'none', 30)} → ${to}`
        : `set priority to ${to}`,
    );
  }
  if (patch.name !== undefined) {
    out.push(
      before ? `renamed it from ${q(before.name)} to ${q(patch.name)}` : `set the name to ${q(patch.name)}`,
    );
  }
  if (patch.dueDate !== undefined) {
    const to = escapeMrkdwn(patch.dueDate);
    out.push(
      before
        ? `changed the due date: ${escapeMrkdwn(before.dueDate ?? 'none')} → ${to}`
        : `set the due date to ${to}`,
    );
  }
  if (patch.description !== undefined) out.push('updated the description');
  if (patch.assigneeId !== undefined)
    out.push(
      `reassigned it to ${names.assignee ? safeName(names.assignee, 120) : `user ${escapeMrkdwn(patch.assigneeId)}`}`,
    );
  if (patch.fileIds !== undefined)
    out.push(`attached platform files ${escapeMrkdwn(patch.fileIds.join(', '))}`);
  return out;
}
