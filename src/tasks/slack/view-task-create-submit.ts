/**
 * view_submission of the create modal. On receipt only what is fast: the form's own rules, the past-due
 * confirmation (store), the assignee's mapping, and two places the person picked that are no authority — the
 * conversation in "Post the card in" (are they a member?) and the feed channel (one of their sites'?) — each
 * when it answers within a budget (what did not is checked again after the ack). Idempotency is the
 * delivery's claim (`deliveryClaimOf`): a repeated submission never reaches this entry, and a submission the
 * store could not record is refused rather than risk two tasks. Then the modal closes and the task
 * is created after the ack, as a job.
 */
import { createHash } from 'node:crypto';
import type { WebClient } from '@slack/web-api';
import type { Assignee } from '../../monitoring/api.ts';
import { within } from '../../kit/time-budget.ts';
import { answer, toWork, viewEntry, type JobRun, type ViewArgs } from '../../kit/entry.ts';
import { deliveryClaimOf } from '../../kit/request-context.ts';
import { createOnce } from '../service/create-once.ts';
import { isPastDue } from '../rules/dates.ts';
import { StoreUnavailableError } from '../../store/store.ts';
import { TASK_FIELD, TASK_VIEW } from '../render/task-ids.ts';
import { runCreate, type CreateRunDeps } from '../flows/create-run.ts';
import { assigneeError } from '../render/assignee-errors.ts';
import { FEED_CHANNEL_TEXT, isVisibleFeedChannel } from '../flows/feed-channel.ts';
import {
  checkPostIn,
  NOT_MEMBER_TEXT,
  pickedConversation,
  type CheckedPostIn,
  type PostInVerdict,
} from '../flows/post-in.ts';
import {
  PAST_DUE_TEXT,
  parseCreateMeta,
  parseTaskForm,
  validateTaskForm,
  viewState,
  type TaskForm,
  type ViewState,
} from '../flows/task-form.ts';

/** The time a pre-ack platform or directory lookup of a task submission may take (Slack wants the ack in 3 s). */
export const INLINE_BUDGET_MS = 1_200;
const CONFIRM_TTL_MS = 30 * 60_000;
export const STORE_DOWN_TEXT =
  "fieldline's storage is unavailable right now, so the task can't be created safely. Try again in a minute.";

function submissionKey(viewId: string, values: unknown): string {
  return `${viewId}:${createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 24)}`;
}

const storeDown = () => ({
  response_action: 'errors' as const,
  errors: { [TASK_FIELD.name]: STORE_DOWN_TEXT },
});

type Inline =
  | { errors: Record<string, string> }
  | { assignee: Assignee | null | 'later'; postIn?: PostInVerdict | 'later' };

async function inlineChecks(
  deps: CreateRunDeps,
  form: TaskForm,
  key: () => string,
  client: WebClient,
  asked: { user: string; postIn: string | undefined },
): Promise<Inline> {
  const confirmations = deps.store.namespace('task-due-confirm');
  const bounded = <T>(work: Promise<T>) => within(work, INLINE_BUDGET_MS).catch(() => undefined);
  // The lookups run at once so the ack stays well inside Slack's 3 s, even when each uses its budget.
  const [site, match, sites, postIn] = await Promise.all([
    form.dueDate && form.siteId ? bounded(deps.directory.site(form.siteId)) : undefined,
    form.assigneeSlackId
      ? bounded(deps.directory.people.platformUserFor(client, form.assigneeSlackId))
      : undefined,
    form.toChannelId ? bounded(deps.directory.sites()) : undefined,
    asked.postIn ? bounded(checkPostIn(deps, client, asked.postIn, asked.user)) : undefined,
  ]);
  // Refusals of a picked place are shown with any other field error, so one more submission fixes them all.
  const refused: Record<string, string> = {};
  if (postIn === 'not-member') refused[TASK_FIELD.postIn] = NOT_MEMBER_TEXT;
  if (form.toChannelId && sites && !isVisibleFeedChannel(sites, form.toChannelId))
    refused[TASK_FIELD.channel] = FEED_CHANNEL_TEXT;
  // A past date is asked about, not refused: the same submission a second time confirms it.
  if (form.dueDate && isPastDue(form.dueDate, deps.clock.now(), site?.timeZone ?? null)) {
    const confirmation = key();
    if (!(await confirmations.get(confirmation))) {
      await confirmations.set(confirmation, true, CONFIRM_TTL_MS);
      return { errors: { ...refused, [TASK_FIELD.due]: PAST_DUE_TEXT } };
    }
  }
  if (match && match.kind !== 'found')
    return { errors: { ...refused, [TASK_FIELD.assignee]: assigneeError(match) } };
  if (Object.keys(refused).length > 0) return { errors: refused };
  return {
    assignee: !form.assigneeSlackId ? null : match ? match.assignee : 'later',
    // Not answered within the budget: checked again after the ack, and refused there by the card going to the DM.
    ...(asked.postIn ? { postIn: postIn ?? 'later' } : {}),
  };
}

/** What the submission decided before its ack, for the job that creates the task. */
interface CreateCarry {
  assignee: Assignee | null | 'later';
  /** Slack's answer on the person's membership of the conversation picked in "Post the card in". */
  postIn?: { channel: string; verdict: PostInVerdict | 'later' };
}

export const taskCreateSubmit = (deps: CreateRunDeps) =>
  viewEntry<CreateCarry>({
    callbackId: TASK_VIEW.create,
    kind: 'tasks.create',
    // A full queue keeps the modal open with everything typed, "busy" under the name.
    busyBlock: TASK_FIELD.name,
    async receive({ view, client, context, body }) {
      const state = viewState.parse(view.state);
      const form = parseTaskForm(state);
      const errors = validateTaskForm(form, 'create');
      if (Object.keys(errors).length > 0) return answer({ response_action: 'errors', errors });
      // The modal stays open with everything typed; nothing is created without the idempotency claim.
      if (deliveryClaimOf(context) === 'unavailable') return answer(storeDown());
      const postIn = pickedConversation(state.values, body, parseCreateMeta(view.private_metadata))?.channel;
      let inline: Inline;
      try {
        // The key (a hash of everything typed) is worked out only for a past due date, the one check that needs it.
        inline = await inlineChecks(deps, form, () => submissionKey(view.id, state.values), client, {
          user: body.user.id,
          postIn,
        });
      } catch (err) {
        if (!(err instanceof StoreUnavailableError)) throw err;
        return answer(storeDown());
      }
      if ('errors' in inline) return answer({ response_action: 'errors', errors: inline.errors });
      // Queued before the modal closes.
      return toWork({
        assignee: inline.assignee,
        ...(postIn && inline.postIn ? { postIn: { channel: postIn, verdict: inline.postIn } } : {}),
      });
    },
    async work(args, carry, run) {
      // The form is read again from the submitted view (the same body); its checks were made on receipt.
      const state = viewState.parse(args.view.state);
      await create(args, deps, parseTaskForm(state), state, carry, run);
    },
  });

async function create(
  { body, view, client }: ViewArgs,
  deps: CreateRunDeps,
  form: TaskForm,
  state: ViewState,
  carry: CreateCarry | undefined,
  run: JobRun<unknown>,
): Promise<void> {
  const meta = parseCreateMeta(view.private_metadata);
  // A job run again after its replica died must not create the task a second time.
  const tasks = createOnce(deps.tasks, deps, `task-create:${run.id}`, run.acceptedAt);
  const user = body.user.id;
  const picked = pickedConversation(state.values, body, meta);
  let postIn: CheckedPostIn | undefined;
  if (picked) {
    const carried = carry?.postIn?.channel === picked.channel ? carry.postIn.verdict : 'later';
    // Not answered before the ack (or no carry): asked now; a refusal sends the card to the DM, saying why.
    const verdict = carried === 'later' ? await checkPostIn(deps, client, picked.channel, user) : carried;
    postIn = { ...picked, verdict };
  }
  await runCreate(
    { ...deps, tasks },
    {
      client,
      user,
      form,
      meta,
      // No carried mapping (a job queued without one): the assignee is mapped after the ack.
      assignee: carry?.assignee ?? 'later',
      ...(postIn ? { postIn } : {}),
    },
  );
}
