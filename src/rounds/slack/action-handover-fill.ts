/** Fill in handover (the offer before a shift change): a "Loading…" modal on receipt, then the form or the note. */
import { actionEntry, answered, toWork } from '../../kit/entry.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { renderFormLoading, renderFormMessage } from '../../forms/index.ts';
import { ROUND_ACTION } from '../render/round-ids.ts';
import { handoverView } from '../flows/handover.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';

export const handoverFill = (deps: RoundsDeps) =>
  actionEntry<{ viewId: string; siteId: string; channel: string | null }>({
    match: ROUND_ACTION.handover,
    kind: 'rounds.handover-fill',
    async receive({ ack, body, action, client }) {
      await ack();
      const siteId = 'value' in action && typeof action.value === 'string' ? action.value.slice(0, 40) : '';
      const opened = await client.views.open({
        trigger_id: body.trigger_id,
        view: renderFormLoading('Opening the handover…'),
      });
      const viewId = opened.view?.id;
      if (!viewId) return answered();
      return toWork({ viewId, siteId, channel: body.channel?.id ?? null }, { acked: true, view: viewId });
    },
    async work({ client, context }, { viewId, siteId, channel }) {
      const ws = workspaceKeyOf(context as InstallationIds);
      // The channel the button sits in decides which handover this is; the value only names the site.
      const setting = ws && channel ? await deps.rounds.handover(ws, channel, siteId) : undefined;
      let view;
      try {
        view = setting
          ? await handoverView(deps, setting)
          : renderFormMessage('This channel no longer hands over this site.');
      } catch (err) {
        view = renderFormMessage(userMessageFor(err).text);
      }
      await client.views.update({ view_id: viewId, view });
    },
  });
