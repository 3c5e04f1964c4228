/**
 * view_submission of the create modal. Inline (before the ack) only what is fast: the form's own rules, the
 * past-due confirmation (store) and the assignee's mapping when the cache answers within a budget. Idempotency
 * is the delivery dedupe's claim (src/runtime/dedupe.ts): a repeated submission never reaches this listener, and a
 * submission the store could not record is refused rather than risk two tasks. Then the modal closes and the task
 * is created after the ack.
 */
import { createHash } from 'node:crypto';
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { Assignee } from '../../monitoring/api.ts';
import { within } from '../../kit/time-budget.ts';
import { handOff, jobOf } from '../../runtime/jobs/hand-off.ts';
import type { JobRun } from '../../runtime/jobs/slack-job.ts';
import { createOnce } from '../service/create-once.ts';
import { isPastDue } from '../rules/dates.ts';
import { StoreUnavailableError } from '../../store/store.ts';
import { deliveryClaimOf } from '../../runtime/dedupe.ts';
import { TASK_FIELD, TASK_VIEW } from '../render/task-ids.ts';
import { runCreate, type CreateRunDeps, type Here } from './task-create-run.ts';
import { z } from 'zod';
import { inputOf } from '../../kit/blocks/view-state.ts';
import { assigneeError } from './task-assignee.ts';
import {
  PAST_DUE_TEXT,
  parseCreateMeta,
  parseTaskForm,
  validateTaskForm,
  viewState,
  type TaskForm,
  type ViewState,
} from './task-form.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

/** The time a pre-ack platform or directory lookup of a task submission may take (Slack wants the ack in 3 s). */
export const INLINE_BUDGET_MS = 1_200;
const CONFIRM_TTL_MS = 30 * 60_000;
export const STORE_DOWN_TEXT =
  "fieldline's storage is unavailable right now, so the task can't be created safely. Try again in a minute.";

/** What a modal submission listener receives. */
export type TaskSubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

function submissionKey(viewId: string, values: unknown): string {
  return `${viewId}:${createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 24)}`;
}

const storeDown = () => ({
  response_action: 'errors' as const,
  errors: { [TASK_FIELD.name]: STORE_DOWN_TEXT },
});

type Inline = { errors: Record<string, string> } | { assignee: Assignee | null | 'later' };

async function inlineChecks(
  deps: CreateRunDeps,
  form: TaskForm,
  key: () => string,
  client: WebClient,
): Promise<Inline> {
  const confirmations = deps.store.namespace('task-due-confirm');
  // Both lookups run at once so the ack stays well inside Slack's 3 s, even when both use their budget.
  const [site, match] = await Promise.all([
    form.dueDate && form.siteId
      ? within(deps.directory.site(form.siteId), INLINE_BUDGET_MS).catch(() => undefined)
      : undefined,
    form.assigneeSlackId
      ? within(deps.directory.people.platformUserFor(client, form.assigneeSlackId), INLINE_BUDGET_MS).catch(
          () => undefined,
        )
      : undefined,
  ]);
  // A past date is asked about, not refused: the same submission a second time confirms it.
  if (form.dueDate && isPastDue(form.dueDate, deps.clock.now(), site?.timeZone ?? null)) {
    const confirmation = key();
    if (!(await confirmations.get(confirmation))) {
      await confirmations.set(confirmation, true, CONFIRM_TTL_MS);
      return { errors: { [TASK_FIELD.due]: PAST_DUE_TEXT } };
    }
  }
  if (match && match.kind !== 'found') return { errors: { [TASK_FIELD.assignee]: assigneeError(match) } };
  return { assignee: !form.assigneeSlackId ? null : match ? match.assignee : 'later' };
}

/** What the submission decided before its ack, for the job that creates the task. */
interface CreateCarry {
  assignee: Assignee | null | 'later';
}

export async function handleTaskCreateSubmit(args: TaskSubmitArgs, deps: CreateRunDeps): Promise<void> {
  const { ack, view, client, context } = args;
  const state = viewState.parse(view.state);
  const form = parseTaskForm(state);
  const job = jobOf<CreateCarry>(args);
  // Running as the job: the checks were made and answered on receipt; create the task.
  if (job?.kind === CREATE_JOB) return create(args, deps, form, state, job.carry?.assignee ?? 'later', job);
  const errors = validateTaskForm(form, 'create');
  if (Object.keys(errors).length > 0) return ack({ response_action: 'errors', errors });
  // The modal stays open with everything typed; nothing is created without the idempotency claim.
  if (deliveryClaimOf(context) === 'unavailable') return ack(storeDown());

  let inline: Inline;
  try {
    // The key (a hash of everything typed) is worked out only for a past due date, the one check that needs it.
    inline = await inlineChecks(deps, form, () => submissionKey(view.id, state.values), client);
  } catch (err) {
    if (!(err instanceof StoreUnavailableError)) throw err;
    return ack(storeDown());
  }
  if ('errors' in inline) return ack({ response_action: 'errors', errors: inline.errors });
  // Queued before the modal closes; a full queue keeps the modal open with everything typed.
  const run = await handOff<CreateCarry>(args, CREATE_AT_DOOR.kind, {
    carry: { assignee: inline.assignee },
    busyBlock: CREATE_AT_DOOR.busyBlock,
  });
  if (run) await create(args, deps, form, state, inline.assignee, run);
}

const CREATE_JOB = 'tasks.create';

/** A full queue refuses a create submission before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const CREATE_AT_DOOR = {
  view: TASK_VIEW.create,
  kind: CREATE_JOB,
  busyBlock: TASK_FIELD.name,
} satisfies DoorRule;

async function create(
  { body, view, client }: TaskSubmitArgs,
  deps: CreateRunDeps,
  form: TaskForm,
  state: ViewState,
  assignee: Assignee | null | 'later',
  run: JobRun<unknown>,
): Promise<void> {
  const meta = parseCreateMeta(view.private_metadata);
  // A job run again after its replica died must not create the task a second time.
  const tasks = createOnce(deps.tasks, deps, `task-create:${run.id}`, run.acceptedAt);
  const here = whereThePersonIs(state.values, body);
  if (here && !meta.origin && !meta.replyChannel) meta.replyChannel = here.channel;
  await runCreate(
    { ...deps, tasks },
    {
      client,
      user: body.user.id,
      form,
      meta,
      assignee,
      ...(here ? { here } : {}),
    },
  );
}

const responseUrls = z.array(
  z.looseObject({ block_id: z.string().optional(), channel_id: z.string(), response_url: z.string() }),
);

/** The conversation picked in "Post the card in" (Slack defaults it to the one being viewed) and its response_url. */
function whereThePersonIs(values: ViewState['values'], body: unknown): Here | undefined {
  const channel = inputOf(values, TASK_FIELD.postIn)?.selected_conversation;
  if (!channel) return undefined;
  const raw = body !== null && typeof body === 'object' && 'response_urls' in body ? body.response_urls : [];
  const urls = responseUrls.safeParse(raw);
  const url = urls.success ? urls.data.find((u) => u.channel_id === channel)?.response_url : undefined;
  return { channel, ...(url ? { responseUrl: url } : {}) };
}
