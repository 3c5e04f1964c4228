/**
 * "Fill in" (a form's /source card, the /form list, a chooser): on receipt a "Loading…" modal — opened with the
 * trigger_id, or in place of the chooser the button sits in — then the work reads the form with the person's own
 * key and fills it. The button's value only names which form: the platform decides whether this person may see it.
 */
import { z } from 'zod';
import { actionEntry, answered, toWork } from '../../kit/entry.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { FORM_ACTION } from '../render/form-ids.ts';
import { renderFormLoading, type ChooserMeta } from '../render/form-list.ts';
import { showForm } from '../flows/show-form.ts';
import type { FormsDeps } from '../flows/forms-deps.ts';

interface FillCarry {
  viewId: string;
  sourceId: string;
  channel: string | null;
}

const chooserMeta: z.ZodType<ChooserMeta> = z.object({ c: z.string().nullable() });

export const formFill = (deps: FormsDeps) =>
  actionEntry<FillCarry>({
    match: FORM_ACTION.fill,
    kind: 'forms.fill',
    async receive({ ack, body, action, client }) {
      await ack();
      const sourceId =
        'value' in action && typeof action.value === 'string' ? action.value.slice(0, 100) : '';
      let viewId: string | undefined;
      let channel = body.channel?.id ?? null;
      if (body.view?.type === 'modal') {
        // in a chooser: the form takes its place (a chooser opened from a channel answers there: sealed metadata)
        viewId = body.view.id;
        channel = decodeValue(chooserMeta, body.view.private_metadata)?.c ?? null;
        await client.views.update({ view_id: viewId, view: renderFormLoading() });
      } else {
        const opened = await client.views.open({ trigger_id: body.trigger_id, view: renderFormLoading() });
        viewId = opened.view?.id;
      }
      if (!viewId) return answered();
      return toWork({ viewId, sourceId, channel }, { acked: true, view: viewId });
    },
    async work({ body, client, context }, { viewId, sourceId, channel }) {
      const place = {
        client,
        viewId,
        user: body.user.id,
        workspace: workspaceKeyOf(context as InstallationIds),
        channel,
      };
      await showForm(deps, place, sourceId);
    },
  });
