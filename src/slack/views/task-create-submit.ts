/**
 * view_submission of the create modal. Inline (before the ack) only what is fast: the form's own rules, the
 * past-due confirmation (store), the assignee's mapping when the cache answers within a budget, and the
 * idempotency claim. Then the modal closes and the task is created after the ack.
 */
import { createHash } from 'node:crypto';
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import type { Assignee } from '../../monitoring/api.ts';
import { within } from '../../services/tasks/budget.ts';
import { isPastDue } from '../../services/tasks/dates.ts';
import { TASK_FIELD, TASK_VIEW } from '../blocks/task-ids.ts';
import { runCreate } from './task-create-run.ts';
import { assigneeError } from './task-assignee.ts';
import { PAST_DUE_TEXT, parseCreateMeta, parseTaskForm, validateTaskForm, viewState } from './task-form.ts';

const INLINE_BUDGET_MS = 1_200;
const CONFIRM_TTL_MS = 30 * 60_000;

export function submissionKey(viewId: string, values: unknown): string {
  return `${viewId}:${createHash('sha256').update(JSON.stringify(values)).digest('hex').slice(0, 24)}`;
}

export function registerTaskCreateSubmit(app: App, deps: Deps): void {
  const confirmations = deps.store.namespace('task-due-confirm');

  app.view(TASK_VIEW.create, async ({ ack, body, view, client }) => {
    const state = viewState.parse(view.state);
    const form = parseTaskForm(state);
    const meta = parseCreateMeta(view.private_metadata);
    const errors = validateTaskForm(form, 'create');
    if (Object.keys(errors).length > 0) return ack({ response_action: 'errors', errors });

    const key = submissionKey(view.id, state.values);
    if (form.dueDate && form.siteId) {
      const site = await within(deps.directory.site(form.siteId), INLINE_BUDGET_MS).catch(() => undefined);
      // A past date is asked about, not refused: the same submission a second time confirms it.
      if (
        isPastDue(form.dueDate, deps.clock.now(), site?.timeZone ?? null) &&
        !(await confirmations.get(key))
      ) {
        await confirmations.set(key, true, CONFIRM_TTL_MS);
        return ack({ response_action: 'errors', errors: { [TASK_FIELD.due]: PAST_DUE_TEXT } });
      }
    }

    let assignee: Assignee | null | 'later' = null;
    if (form.assigneeSlackId) {
      const match = await within(
        deps.directory.people.platformUserFor(client, form.assigneeSlackId),
        INLINE_BUDGET_MS,
      ).catch(() => undefined);
      if (match && match.kind !== 'found')
        return ack({ response_action: 'errors', errors: { [TASK_FIELD.assignee]: assigneeError(match) } });
      assignee = match ? match.assignee : 'later';
    }

    // One task per submission, however often Slack (or a double click) delivers it.
    if (!(await deps.tasks.claimSubmission(key))) return ack();
    await ack();
    await runCreate(deps, { client, user: body.user.id, form, meta, key, assignee });
  });
}
