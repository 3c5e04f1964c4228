/**
 * One change to a task from its card or the edit modal: PATCH, then the card updated in place, the change
 * noted in its thread with who did it, and honest answers for "no change" and reassignments that did not take.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import type { Assignee, Task, TaskPatch } from '../../monitoring/api.ts';
import { describePatch } from '../render/task-changes.ts';
import type { Rendered } from '../render/task-ids.ts';
import { changeNote, renderNotice } from '../render/task-notices.ts';
import { escapeMrkdwn, safeName } from '../../kit/blocks/mrkdwn.ts';
import { reportError, userMessageFor } from '../../kit/errors.ts';
import { isMonitoringError } from '../../monitoring/errors.ts';
import { noteInThread, renderCardFor, tellUser, type CardPlace } from './deliver.ts';
import { announceAssignment, type AssignmentHooks } from './assigned.ts';

export interface ChangeContext {
  client: WebClient;
  user: string;
  /** A normal message card: updated with chat.update, notes in its thread. */
  place?: CardPlace;
  /** An ephemeral card (from /task list): replaced through its response_url. */
  replaceEphemeral?: (message: Rendered) => Promise<unknown>;
  /** Where to tell the person things only they should see. */
  channel?: string;
  responseUrl?: string;
}

export type TaskChangeDeps = Pick<Deps, 'tasks' | 'directory' | 'log'> & AssignmentHooks;

export async function changeTask(
  deps: TaskChangeDeps,
  ctx: ChangeContext,
  taskId: string,
  patch: TaskPatch,
  extra: { assignee?: Assignee | null; before?: Task } = {},
): Promise<void> {
  const tell = (text: string) =>
    tellUser(
      ctx.client,
      { user: ctx.user, ...(ctx.channel ? { channel: ctx.channel } : {}) },
      renderNotice(text),
    );
  try {
    // The edit modal has read the task already (same person, moments ago): not read twice in one request.
    const before = extra.before ?? (await deps.tasks.get(taskId));
    const outcome = await deps.tasks.update(
      taskId,
      patch,
      extra.assignee === undefined ? {} : { assignee: extra.assignee },
    );
    const task = outcome.task;
    if (task) {
      const card = await renderCardFor(deps, task);
      if (ctx.place) await ctx.client.chat.update({ channel: ctx.place.channel, ts: ctx.place.ts, ...card });
      else if (ctx.replaceEphemeral) await ctx.replaceEphemeral(card);
    }
    if (task && extra.assignee && outcome.assigneeTook !== false)
      await announceAssignment(deps, ctx.client, task, ctx.user);
    const name = safeName(task?.name ?? before?.name ?? `task ${taskId}`, 200);
    const assigneeName = extra.assignee?.name ?? extra.assignee?.email ?? null;
    if (outcome.assigneeTook === false) {
      // contract: PATCH — assigneeId "is not among the listed fields … unreliable; verify the result".
      await tell(
        `The platform did not take the reassignment of “${name}”${assigneeName ? ` to ${safeName(assigneeName, 100)}` : ''}: ` +
          'it still shows the previous assignee. Reassign it on the platform itself; fieldline cannot do it reliably.',
      );
    }
    const onlyAssignee = Object.keys(patch).every((k) => k === 'assigneeId');
    if (outcome.kind === 'no-change') {
      if (outcome.assigneeTook === false && onlyAssignee) return;
      // contract: PATCH — {data:"SUCCESS"} when nothing changed (or the task has no feed post).
      await tell(
        `No change: the platform reports nothing changed on “${name}” (it may already have been that way). The card shows its current state.`,
      );
      return;
    }
    const { assigneeId: _asked, ...rest } = patch;
    const changes = describePatch(before, outcome.assigneeTook === false ? rest : patch, {
      status: (id) => deps.directory.statuses.nameFor(id),
      assignee: assigneeName,
    });
    if (ctx.place) await noteInThread(ctx.client, ctx.place, changeNote(ctx.user, changes));
    else await tell(`You ${changes.join('; ')} on “${name}”.`);
  } catch (err) {
    if (isMonitoringError(err)) {
      // Say what failed and what the person asked for, so nothing they chose is lost.
      const message = userMessageFor(err);
      deps.log.warn({ err, ref: message.ref, taskId }, 'task change failed');
      const asked = describePatch(undefined, patch, { status: (id) => deps.directory.statuses.nameFor(id) });
      await tell(
        `${message.text}\nNot saved on task ${escapeMrkdwn(taskId)}: ${asked.join('; ')}. Try again from the card.`,
      ).catch(() => undefined);
      return;
    }
    await reportError(
      deps,
      {
        client: ctx.client,
        user: ctx.user,
        ...(ctx.channel ? { channel: ctx.channel } : {}),
        ...(ctx.responseUrl ? { responseUrl: ctx.responseUrl } : {}),
      },
      err,
      { taskId },
    );
  }
}
