/**
 * A form submitted. On receipt, before the ack: the fields are read from the modal itself and checked — a required
 * field left empty, a number out of range, an answer the form does not offer — and any problem is answered inline on
 * its field (response_action errors: the modal and everything typed stay, nothing is written). Then the work writes
 * one reading as the person (their own key), removes their draft and tells them what was recorded. A write that
 * fails keeps what they typed as a draft, so opening the form again brings it back.
 */
import type { KnownBlock } from '@slack/types';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { tellUser } from '../../kit/reply/index.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import type { ReadingValue, Typed } from '../rules/form-values.ts';
import { shiftEndAfter } from '../rules/shift-end.ts';
import { FORM_VIEW } from '../render/form-ids.ts';
import { renderFormMessage } from '../render/form-list.ts';
import { DONE_AT_BLOCK } from '../render/form-modal.ts';
import { checkSubmission, fieldsOfView, formMetaOf } from '../render/form-read.ts';
import { renderRecorded } from '../render/form-recorded.ts';
import type { FormsDeps } from '../flows/forms-deps.ts';

interface SubmitCarry {
  sourceId: string;
  channel: string | null;
  zone: string | null;
  values: Record<string, ReadingValue>;
  typed: Record<string, Typed>;
  atMs: number;
  answer: { text: string; blocks: KnownBlock[] };
}

export const formSubmit = (deps: FormsDeps) =>
  viewEntry<SubmitCarry>({
    callbackId: FORM_VIEW.form,
    kind: 'forms.submit',
    // A full queue keeps the modal open with what was typed, saying so on this (always present) input.
    busyBlock: DONE_AT_BLOCK,
    receive({ view }) {
      const meta = formMetaOf(view);
      const fields = fieldsOfView(view);
      if (!meta || fields.length === 0)
        return answer({
          response_action: 'update',
          view: renderFormMessage('This form could not be read, so nothing was recorded. Open it again.'),
        });
      const checked = checkSubmission(view, fields, deps.clock.now());
      if (!checked.ok) return answer({ response_action: 'errors', errors: checked.errors });
      const { values, typed, atMs } = checked;
      return toWork({
        sourceId: meta.s,
        channel: meta.c,
        zone: meta.z,
        values,
        typed,
        atMs,
        answer: renderRecorded({ name: meta.n, siteName: meta.sn }, fields, values, atMs),
      });
    },
    async work({ body, client, context }, carry) {
      const user = body.user.id;
      const workspace = workspaceKeyOf(context as InstallationIds);
      const to = { user, ...(carry.channel ? { channel: carry.channel } : {}) };
      try {
        await deps.forms.submit(carry.sourceId, carry.values, carry.atMs);
      } catch (err) {
        const now = deps.clock.now();
        if (workspace)
          await deps.drafts
            .save(workspace, user, carry.sourceId, carry.typed, now, shiftEndAfter(now, carry.zone))
            .catch((e: unknown) => deps.log.warn({ err: e }, 'could not keep the draft of a failed form'));
        await reportError(deps, { client, ...to }, err, { view: FORM_VIEW.form, sourceId: carry.sourceId });
        await tellUser(client, to, {
          text: 'Your form was not recorded. What you typed is kept: open the form again to send it.',
        }).catch(() => undefined);
        return;
      }
      if (workspace)
        await deps.drafts
          .remove(workspace, user, carry.sourceId)
          .catch((err: unknown) => deps.log.warn({ err }, 'could not remove the draft of a submitted form'));
      await tellUser(client, to, carry.answer);
    },
  });
