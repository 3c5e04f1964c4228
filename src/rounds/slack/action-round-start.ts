/**
 * Start on a round's post: a "Loading…" modal on receipt (trigger_id), then the work reads the round from this
 * workspace's store and its form with the person's own key. The button's value only names the round and its slot.
 */
import { actionEntry, answered, toWork } from '../../kit/entry.ts';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import { renderFormLoading, renderFormMessage } from '../../forms/index.ts';
import { ROUND_ACTION } from '../render/round-ids.ts';
import { showRoundForm } from '../flows/round-form.ts';
import type { RoundsDeps } from '../flows/rounds-deps.ts';

interface StartCarry {
  viewId: string;
  roundId: string;
  slot: number;
  channel: string | null;
}

export const roundStart = (deps: RoundsDeps) =>
  actionEntry<StartCarry>({
    match: ROUND_ACTION.start,
    kind: 'rounds.start',
    async receive({ ack, body, action, client }) {
      await ack();
      const value = 'value' in action && typeof action.value === 'string' ? action.value : '';
      const [roundId = '', slotText = ''] = value.split('|');
      const opened = await client.views.open({
        trigger_id: body.trigger_id,
        view: renderFormLoading('Opening the round…'),
      });
      const viewId = opened.view?.id;
      if (!viewId) return answered();
      return toWork(
        {
          viewId,
          roundId: roundId.slice(0, 40),
          slot: Number(slotText) || 0,
          channel: body.channel?.id ?? null,
        },
        { acked: true, view: viewId },
      );
    },
    async work({ body, client, context }, { viewId, roundId, slot, channel }) {
      const ws = workspaceKeyOf(context as InstallationIds);
      if (!ws)
        return void (await client.views.update({
          view_id: viewId,
          view: renderFormMessage('This round cannot be opened here.'),
        }));
      await showRoundForm(deps, { client, viewId, user: body.user.id, channel }, ws, roundId, slot);
    },
  });
