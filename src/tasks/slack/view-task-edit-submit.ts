/**
 * view_submission of the edit modal: checks on receipt (form rules, fields that cannot be cleared, the assignee's
 * mapping within a budget), then the PATCH with only the changed fields after the ack, as a job: what the checks
 * found travels with it in `carry`.
 */
import type { Deps } from '../../base/deps.ts';
import type { AssignmentHooks } from '../flows/assigned.ts';
import type { Assignee, Task, TaskPatch } from '../../monitoring/api.ts';
import { answer, toWork, viewEntry, type ViewArgs } from '../../kit/entry.ts';
import type { EditMeta } from '../render/task-edit-modal.ts';
import { StoreUnavailableError } from '../../store/store.ts';
import { within } from '../../kit/time-budget.ts';
import { changeTask, type ChangeContext } from '../flows/change-task.ts';
import { TASK_FIELD, TASK_VIEW } from '../render/task-ids.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { renderNotice } from '../render/task-notices.ts';
import { assigneeError } from '../render/assignee-errors.ts';
import { INLINE_BUDGET_MS, STORE_DOWN_TEXT } from './view-task-create-submit.ts';
import { replaceViaResponseUrl, tellUser } from '../flows/deliver.ts';
import { editPatch, parseEditMeta } from '../flows/edit-form.ts';
import {
  parseTaskForm,
  validateTaskForm,
  viewState,
  type FieldErrors,
  type TaskForm,
} from '../flows/task-form.ts';

export const PLATFORM_SLOW_TEXT =
  'The platform did not answer in time to check this edit; nothing was changed. Submit again in a moment.';

export type TaskEditDeps = Pick<Deps, 'tasks' | 'directory' | 'log'> & AssignmentHooks;

/** What the submission decided before its ack (JSON), for the job that makes the change. */
interface EditCarry {
  meta: EditMeta;
  before: Task;
  patch: TaskPatch;
  assignee?: Assignee;
  /** The assignee's mapping did not answer within the inline budget: the job asks again. */
  deferredAssignee: boolean;
}

export const taskEditSubmit = (deps: TaskEditDeps) =>
  viewEntry<EditCarry>({
    callbackId: TASK_VIEW.edit,
    kind: 'tasks.edit',
    // A full queue keeps the modal open with everything typed, "busy" under the name.
    busyBlock: TASK_FIELD.name,
    async receive(args) {
      const checked = await inlineChecks(args, deps, parseTaskForm(viewState.parse(args.view.state)));
      // Field errors keep the modal open; otherwise it closes and the change is queued.
      return 'errors' in checked
        ? answer({ response_action: 'errors', errors: checked.errors })
        : toWork(checked.carry);
    },
    async work(args, carry) {
      // A job without what the checks decided is not acted on blind.
      if (!carry) return;
      // The form is read again from the submitted view (the same body); its checks were made on receipt.
      await applyEdit(args, deps, parseTaskForm(viewState.parse(args.view.state)), carry);
    },
  });

/** The checks made on receipt: the field errors to answer with, or what the job needs. */
async function inlineChecks(
  { view, client }: ViewArgs,
  deps: TaskEditDeps,
  form: TaskForm,
): Promise<{ errors: FieldErrors } | { carry: EditCarry }> {
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
    if (!read) return { errors: { [TASK_FIELD.name]: PLATFORM_SLOW_TEXT } };
    before = read.task;
  } catch (err) {
    if (!(err instanceof StoreUnavailableError)) throw err;
    return { errors: { [TASK_FIELD.name]: STORE_DOWN_TEXT } };
  }
  if (!meta || !before) {
    return {
      errors: {
        [TASK_FIELD.name]: 'fieldline lost track of this task. Cancel, then use Edit on the card again.',
      },
    };
  }
  const { patch, errors } = editPatch(before, form);
  Object.assign(errors, validateTaskForm(form, 'edit'));
  if (Object.keys(errors).length > 0) return { errors };

  let assignee: Assignee | undefined;
  let deferredAssignee = false;
  if (form.assigneeSlackId) {
    const match = await within(
      deps.directory.people.platformUserFor(client, form.assigneeSlackId),
      INLINE_BUDGET_MS,
    ).catch(() => undefined);
    if (match && match.kind !== 'found') return { errors: { [TASK_FIELD.assignee]: assigneeError(match) } };
    if (match && match.assignee.id !== before.assignee?.id) {
      assignee = match.assignee;
      patch.assigneeId = match.assignee.id;
    }
    deferredAssignee = match === undefined;
  }
  return { carry: { meta, before, patch, deferredAssignee, ...(assignee ? { assignee } : {}) } };
}

async function applyEdit(
  { body, client }: ViewArgs,
  deps: TaskEditDeps,
  form: TaskForm,
  { meta, before, patch: decided, assignee: found, deferredAssignee }: EditCarry,
): Promise<void> {
  const patch: TaskPatch = { ...decided };
  let assignee = found;
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
