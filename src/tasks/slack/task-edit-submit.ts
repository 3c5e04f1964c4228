/**
 * view_submission of the edit modal: inline checks (form rules, fields that cannot be cleared, the assignee's
 * mapping within a budget), then the PATCH with only the changed fields after the ack.
 */
import type { Deps } from '../../deps.ts';
import type { AssignmentHooks } from './task-assigned.ts';
import type { Assignee, Task } from '../../monitoring/api.ts';
import { StoreUnavailableError } from '../../store/store.ts';
import { within } from '../../kit/time-budget.ts';
import { changeTask, type ChangeContext } from './task-change.ts';
import { TASK_FIELD } from '../render/task-ids.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { renderNotice } from '../render/task-notices.ts';
import { assigneeError } from './task-assignee.ts';
import { INLINE_BUDGET_MS, STORE_DOWN_TEXT, type TaskSubmitArgs } from './task-create-submit.ts';
import { replaceViaResponseUrl, tellUser } from './task-deliver.ts';
import { editPatch, parseEditMeta } from './task-edit-form.ts';
import { parseTaskForm, validateTaskForm, viewState } from './task-form.ts';

export const PLATFORM_SLOW_TEXT =
  'The platform did not answer in time to check this edit; nothing was changed. Submit again in a moment.';

export type TaskEditDeps = Pick<Deps, 'tasks' | 'directory' | 'log'> & AssignmentHooks;

export async function handleTaskEditSubmit(
  { ack, body, view, client }: TaskSubmitArgs,
  deps: TaskEditDeps,
): Promise<void> {
  const form = parseTaskForm(viewState.parse(view.state));
  const meta = parseEditMeta(view.private_metadata);
  let before: Task | undefined;
  try {
    // Usually this person's own snapshot (the store); when it has expired the platform is asked with their key,
    // within the same inline budget as the assignee check, so the answer always beats Slack's 3 s.
    const read = meta
      ? await within(
          deps.tasks.get(meta.taskId).then((task) => ({ task })),
          INLINE_BUDGET_MS,
        )
      : { task: undefined };
    if (!read) return ack({ response_action: 'errors', errors: { [TASK_FIELD.name]: PLATFORM_SLOW_TEXT } });
    before = read.task;
  } catch (err) {
    if (!(err instanceof StoreUnavailableError)) throw err;
    return ack({ response_action: 'errors', errors: { [TASK_FIELD.name]: STORE_DOWN_TEXT } });
  }
  if (!meta || !before) {
    return ack({
      response_action: 'errors',
      errors: {
        [TASK_FIELD.name]: 'fieldline lost track of this task. Cancel, then use Edit on the card again.',
      },
    });
  }
  const { patch, errors } = editPatch(before, form);
  Object.assign(errors, validateTaskForm(form, 'edit'));
  if (Object.keys(errors).length > 0) return ack({ response_action: 'errors', errors });

  let assignee: Assignee | undefined;
  let deferredAssignee = false;
  if (form.assigneeSlackId) {
    const match = await within(
      deps.directory.people.platformUserFor(client, form.assigneeSlackId),
      INLINE_BUDGET_MS,
    ).catch(() => undefined);
    if (match && match.kind !== 'found')
      return ack({ response_action: 'errors', errors: { [TASK_FIELD.assignee]: assigneeError(match) } });
    if (match && match.assignee.id !== before.assignee?.id) {
      assignee = match.assignee;
      patch.assigneeId = match.assignee.id;
    }
    deferredAssignee = match === undefined;
  }
  await ack();

  const user = body.user.id;
  if (deferredAssignee && form.assigneeSlackId) {
    const match = await deps.directory.people
      .platformUserFor(client, form.assigneeSlackId)
      .catch(() => undefined);
    if (match?.kind === 'found' && match.assignee.id !== before.assignee?.id) {
      assignee = match.assignee;
      patch.assigneeId = match.assignee.id;
    } else if (match && match.kind !== 'found') {
      await tellUser(
        client,
        { user, ...(meta.channel ? { channel: meta.channel } : {}) },
        renderNotice(`Not reassigned: ${escapeMrkdwn(assigneeError(match))}`),
      );
    }
  }
  const ctx: ChangeContext = { client, user };
  if (meta.channel) ctx.channel = meta.channel;
  if (meta.channel && meta.ts) {
    ctx.place = {
      channel: meta.channel,
      ts: meta.ts,
      ...(meta.threadTs ? { threadTs: meta.threadTs } : {}),
    };
  }
  const responseUrl = meta.responseUrl;
  if (responseUrl) ctx.replaceEphemeral = (card) => replaceViaResponseUrl(responseUrl, card);
  if (Object.keys(patch).length === 0) {
    await tellUser(
      client,
      { user, ...(meta.channel ? { channel: meta.channel } : {}) },
      renderNotice(`No change: nothing in the form differs from the task.`),
    );
    return;
  }
  await changeTask(deps, ctx, before.id, patch, { before, ...(assignee ? { assignee } : {}) });
}
