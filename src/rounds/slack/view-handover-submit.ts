/**
 * The handover submitted: a form is checked on receipt like any form (errors on their field) and written as one
 * reading with the lead's own key; a note is kept as written. Either is kept for the channel's next shift change,
 * where the digest carries it. The modal's metadata (sealed) names the channel and site; the store must still hold
 * that channel's handover.
 */
import { z } from 'zod';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { reportError } from '../../kit/errors.ts';
import { tellUser } from '../../kit/reply/index.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import {
  buildValues,
  errorsByBlock,
  fieldsOfView,
  renderFormMessage,
  typedOfView,
  valueWords,
  type ReadingValue,
} from '../../forms/index.ts';
import type { HandoverMeta } from '../render/handover-render.ts';
import { NOTE_BLOCK, ROUND_VIEW } from '../render/round-ids.ts';
import { siteTime } from '../rules/schedule.ts';
import { handoverMetaOf, nextChange } from '../flows/handover.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';

interface Carry {
  meta: HandoverMeta;
  answers: { title: string; value: string }[];
  values: Record<string, ReadingValue> | null;
}

const noteState = z.object({ [NOTE_BLOCK]: z.object({ v: z.object({ value: z.string().nullish() }) }) });

export const handoverSubmit = (deps: RoundsDeps) =>
  viewEntry<Carry>({
    callbackId: ROUND_VIEW.handover,
    kind: 'rounds.handover-submit',
    busyBlock: NOTE_BLOCK,
    receive({ view }) {
      const meta = handoverMetaOf(view);
      if (!meta)
        return answer({
          response_action: 'update',
          view: renderFormMessage('This handover could not be read, so nothing was kept. Open it again.'),
        });
      if (meta.f === null) {
        const parsed = noteState.safeParse(view.state.values);
        const note = (parsed.success ? parsed.data[NOTE_BLOCK].v.value : '')?.trim() ?? '';
        if (note === '')
          return answer({
            response_action: 'errors',
            errors: { [NOTE_BLOCK]: 'Write what the next shift should know.' },
          });
        return toWork({ meta, answers: [{ title: 'Note', value: note.slice(0, 3000) }], values: null });
      }
      const fields = fieldsOfView(view);
      const built = buildValues(fields, typedOfView(view, fields));
      if (!built.ok)
        return answer({ response_action: 'errors', errors: errorsByBlock(fields, built.errors) });
      const answers = fields.flatMap((f) => {
        const v = built.values[f.metricId];
        return v === undefined ? [] : [{ title: f.title, value: valueWords(f, v) ?? String(v) }];
      });
      return toWork({ meta, answers, values: built.values });
    },
    async work({ body, client, context }, { meta, answers, values }) {
      const user = body.user.id;
      const to = { user, channel: meta.c };
      const ws = workspaceKeyOf(context as InstallationIds);
      const setting = ws ? await deps.rounds.handover(ws, meta.c, meta.s) : undefined;
      if (!ws || !setting)
        return void (await tellUser(client, to, {
          text: 'This channel no longer hands over this site: nothing was kept.',
        }));
      const now = deps.clock.now();
      try {
        if (meta.f !== null && values) await deps.forms.submit(meta.f, values, now);
      } catch (err) {
        await reportError(deps, { client, ...to }, err, { view: ROUND_VIEW.handover });
        return;
      }
      // Filled after the change it was opened for: it goes to the next one.
      const change = meta.t > now ? meta.t : ((await nextChange(deps, setting, now)) ?? meta.t);
      await deps.rounds.updateRecord(ws, meta.c, meta.s, change, (r) => ({
        ...r,
        filledBy: user,
        filledAt: now,
        answers,
      }));
      await tellUser(client, to, {
        text: `:white_check_mark: Handover kept for the ${siteTime(change, setting.zone)} shift change (site time): the digest at the change carries it for the next shift to accept.`,
      });
    },
  });
