/**
 * Modals that need the data source's record ("Enter reading", "Report device status" on a source card): on receipt,
 * ack and open a "Loading…" modal at once (trigger_id lives 3 s); the work fetches the source and replaces it. A
 * busy queue is said in that modal. A failure replaces the modal with the user-facing message.
 */
import type { ModalView } from '@slack/types';
import type { Deps } from '../../base/deps.ts';
import { fitView } from '../../kit/blocks/block-limits.ts';
import { actionEntry, answered, toWork, type Entry } from '../../kit/entry.ts';
import { userMessageFor } from '../../kit/errors.ts';
import type { DataSource } from '../../monitoring/api.ts';
import { renderLoadingView, renderMessageView } from '../render/reading-entry-view.ts';
import { buttonValue } from './listener-args.ts';

/** What the modal carries to its submission: the source, and the conversation to answer in (none from a DM). */
export interface SourceModalMeta {
  sourceId: string;
  channel: string | null;
}

/** What the receipt hands the work: the "Loading…" modal it opened, and the button's source and conversation. */
interface OpenedModal {
  viewId: string;
  sourceId: string;
  channel: string | null;
}

export interface SourceModal {
  /** The button's action_id (its value is the data source id). */
  match: string;
  /** The job that loads the source and fills the modal. */
  kind: string;
  /** Heads the loading and the error modal. */
  title: string;
  render(source: DataSource, meta: SourceModalMeta): ModalView;
}

export function sourceModalEntry(deps: Pick<Deps, 'sources' | 'log'>, modal: SourceModal): Entry {
  return actionEntry<OpenedModal>({
    match: modal.match,
    kind: modal.kind,
    async receive({ ack, body, action, client }) {
      await ack();
      const opened = await client.views.open({
        trigger_id: body.trigger_id,
        view: renderLoadingView(modal.title),
      });
      const viewId = opened.view?.id;
      if (!viewId) return answered();
      const carry = { viewId, sourceId: buttonValue(action) ?? '', channel: body.channel?.id ?? null };
      return toWork(carry, { acked: true, view: viewId });
    },
    async work({ client }, { viewId, sourceId, channel }) {
      let view: ModalView;
      try {
        const source = await deps.sources.load(sourceId);
        // a schema of any size: within Slack's 100 blocks (cut with "…and N more"), never refused by Slack
        view = fitView(modal.render(source, { sourceId: source.id, channel }));
      } catch (err) {
        const message = userMessageFor(err);
        deps.log.error({ ref: message.ref, err, sourceId }, 'could not prepare source modal');
        view = renderMessageView(modal.title, message.text);
      }
      await client.views.update({ view_id: viewId, view });
    },
  });
}
