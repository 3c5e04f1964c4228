/**
 * A round's modal submitted. On receipt, the fields are read back and checked like any form (errors answered on
 * their field, nothing written). The work writes one reading as the person (their own key), marks the round's slot
 * done (the first completion counts; the round's post is edited in place), answers with what was recorded — values
 * outside the round's limits marked — and follows each such value up in the round's channel.
 */
import type { KnownBlock } from '@slack/types';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { tellUser } from '../../kit/reply/index.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import {
  checkSubmission,
  DONE_AT_BLOCK,
  fieldsOfView,
  renderFormMessage,
  renderRecorded,
  type FormField,
  type ReadingValue,
} from '../../forms/index.ts';
import { breaches } from '../rules/limits.ts';
import { ROUND_VIEW } from '../render/round-ids.ts';
import { renderBreachMarks, renderRoundDone } from '../render/round-post.ts';
import { roundMetaOf, type RoundMeta } from '../flows/round-form.ts';
import { followBreaches } from '../flows/out-of-limits.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';

interface SubmitCarry {
  meta: RoundMeta;
  fields: FormField[];
  values: Record<string, ReadingValue>;
  atMs: number;
}

export const roundSubmit = (deps: RoundsDeps) =>
  viewEntry<SubmitCarry>({
    callbackId: ROUND_VIEW.round,
    kind: 'rounds.submit',
    busyBlock: DONE_AT_BLOCK,
    receive({ view }) {
      const meta = roundMetaOf(view);
      const fields = fieldsOfView(view);
      if (!meta || fields.length === 0)
        return answer({
          response_action: 'update',
          view: renderFormMessage(
            'This round could not be read, so nothing was recorded. Press Start again.',
          ),
        });
      const checked = checkSubmission(view, fields, deps.clock.now());
      if (!checked.ok) return answer({ response_action: 'errors', errors: checked.errors });
      return toWork({ meta, fields, values: checked.values, atMs: checked.atMs });
    },
    async work({ body, client, context }, { meta, fields, values, atMs }) {
      const user = body.user.id;
      const to = { user, ...(meta.c ? { channel: meta.c } : {}) };
      const ws = workspaceKeyOf(context as InstallationIds);
      const def = ws ? (await deps.rounds.rounds(ws)).find((d) => d.id === meta.r) : undefined;
      if (!ws || !def)
        return void (await tellUser(client, to, {
          text: 'This round no longer exists, so nothing was recorded.',
        }));
      try {
        await deps.forms.submit(def.sourceId, values, atMs);
      } catch (err) {
        await reportError(deps, { client, ...to }, err, { view: ROUND_VIEW.round, roundId: def.id });
        return;
      }
      const now = deps.clock.now();
      let first = false;
      // Only a slot fieldline posted counts (the slot in the modal names it; the store decides).
      const run = await deps.rounds.updateRun(ws, def.id, meta.t, (r) => {
        if (!r || r.doneAt !== undefined) return r;
        first = true;
        return { ...r, doneBy: user, doneAt: now };
      });
      if (first && run?.ts) {
        const done = renderRoundDone(def, run);
        await client.chat
          .update({ channel: run.channel, ts: run.ts, text: done.text, blocks: done.blocks })
          .catch((err: unknown) => deps.log.warn({ err }, 'rounds: could not mark a round post done'));
      }
      const found = breaches(values, def.limits);
      const recorded = renderRecorded({ name: def.sourceName, siteName: def.siteName }, fields, values, atMs);
      const marks = renderBreachMarks(found, def.onOut);
      await tellUser(client, to, {
        text: found.length > 0 ? `${recorded.text} — ${found.length} outside limits` : recorded.text,
        blocks: [...recorded.blocks.slice(0, 1), ...marks, ...recorded.blocks.slice(1)] as KnownBlock[],
      });
      if (found.length > 0)
        await followBreaches(deps, client, ws, def, meta.t, found, user).catch((err: unknown) =>
          reportError(deps, { client, ...to }, err, { roundId: def.id, what: 'out-of-limit follow-up' }),
        );
    },
  });
