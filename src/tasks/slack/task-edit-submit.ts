/**
 * view_submission of the edit modal: inline checks (form rules, fields that cannot be cleared, the assignee's
 * mapping within a budget), then the PATCH with only the changed fields after the ack, as a job
 * (src/runtime/jobs/hand-off.ts): what the checks found travels with it in `carry`.
 */
import type { Deps } from '../../base/deps.ts';
import type { AssignmentHooks } from './task-assigned.ts';
import type { Assignee, Task, TaskPatch } from '../../monitoring/api.ts';
import { handOff, jobOf } from '../../runtime/jobs/hand-off.ts';
import type { EditMeta } from '../render/task-edit-modal.ts';
import { StoreUnavailableError } from '../../store/store.ts';
import { within } from '../../kit/time-budget.ts';
import { changeTask, type ChangeContext } from './task-change.ts';
import { TASK_FIELD, TASK_VIEW } from '../render/task-ids.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { renderNotice } from '../render/task-notices.ts';
import { assigneeError } from './task-assignee.ts';
import { INLINE_BUDGET_MS, STORE_DOWN_TEXT, type TaskSubmitArgs } from './task-create-submit.ts';
import { replaceViaResponseUrl, tellUser } from './task-deliver.ts';
import { editPatch, parseEditMeta } from './task-edit-form.ts';
import { parseTaskForm, validateTaskForm, viewState, type TaskForm } from './task-form.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

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

const EDIT_JOB = 'tasks.edit';

/** A full queue refuses an edit submission before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const EDIT_AT_DOOR = {
  view: TASK_VIEW.edit,
  kind: EDIT_JOB,
  busyBlock: TASK_FIELD.name,
} satisfies DoorRule;

export async function handleTaskEditSubmit(args: TaskSubmitArgs, deps: TaskEditDeps): Promise<void> {
  const form = parseTaskForm(viewState.parse(args.view.state));
  const job = jobOf<EditCarry>(args);
  // Running as the job: the checks were made and answered on receipt; make the change.
  if (job) {
    if (job.kind === EDIT_JOB && job.carry) await applyEdit(args, deps, form, job.carry);
    return;
  }
  const carry = await inlineChecks(args, deps, form);
  if (!carry) return;
  // Queued before the modal closes; a full queue keeps the modal open with everything typed.
  const run = await handOff<EditCarry>(args, EDIT_JOB, { carry, busyBlock: EDIT_AT_DOOR.busyBlock });
  if (run) await applyEdit(args, deps, form, carry);
}

/** The checks answered before the ack: undefined when the modal was answered with errors. */
async function inlineChecks(
  { ack, view, client }: TaskSubmitArgs,
  deps: TaskEditDeps,
  form: TaskForm,
): Promise<EditCarry | undefined> {
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
    if (!read) {
      await ack({ response_action: 'errors', errors: { [TASK_FIELD.name]: PLATFORM_SLOW_TEXT } });
      return undefined;
    }
    before = read.task;
  } catch (err) {
    if (!(err instanceof StoreUnavailableError)) throw err;
    await ack({ response_action: 'errors', errors: { [TASK_FIELD.name]: STORE_DOWN_TEXT } });
    return undefined;
  }
  if (!meta || !before) {
    await ack({
      response_action: 'errors',
      errors: {
        [TASK_FIELD.name]: 'fieldline lost track of this task. Cancel, then use Edit on the card again.',
      },
    });
    return undefined;
  }
  const { patch, errors } = editPatch(before, form);
  Object.assign(errors, validateTaskForm(form, 'edit'));
  if (Object.keys(errors).length > 0) {
    await ack({ response_action: 'errors', errors });
    return undefined;
  }

  let assignee: Assignee | undefined;
  let deferredAssignee = false;
  if (form.assigneeSlackId) {
    const match = await within(
      deps.directory.people.platformUserFor(client, form.assigneeSlackId),
      INLINE_BUDGET_MS,
    ).catch(() => undefined);
    if (match && match.kind !== 'found') {
      await ack({ response_action: 'errors', errors: { [TASK_FIELD.assignee]: assigneeError(match) } });
      return undefined;
    }
    if (match && match.assignee.id !== before.assignee?.id) {
      assignee = match.assignee;
      patch.assigneeId = match.assignee.id;
    }
    deferredAssignee = match === undefined;
  }
  return { meta, before, patch, deferredAssignee, ...(assignee ? { assignee } : {}) };
}

async function applyEdit(
  { body, client }: TaskSubmitArgs,
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
