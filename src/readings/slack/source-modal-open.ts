/**
 * Modals that need the data source's record ("Enter reading", "Report device status" on a source card): ack, open
 * a "Loading…" modal at once (trigger_id lives 3 s), then fetch and replace it. A failure replaces the modal with
 * the user-facing message.
 */
import type { ModalView } from '@slack/types';
import type { ButtonArgs } from './listener-args.ts';
import type { Deps } from '../../deps.ts';
import type { DataSource } from '../../monitoring/api.ts';
import { renderLoadingView, renderMessageView } from '../render/reading-entry-view.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { fitView } from '../../kit/blocks/block-limits.ts';

/** What the modal carries to its submission: the source, and the conversation to answer in (none from a DM). */
export interface SourceModalMeta {
  sourceId: string;
  channel: string | null;
}

/** The button's value is the data source id; `title` heads the loading and the error modal. */
export async function openSourceModal(
  { ack, body, action, client }: ButtonArgs,
  deps: Pick<Deps, 'sources' | 'log'>,
  title: string,
  render: (source: DataSource, meta: SourceModalMeta) => ModalView,
): Promise<void> {
  await ack();
  const sourceId = action.value ?? '';
  const channel = body.channel?.id ?? null;
  const opened = await client.views.open({ trigger_id: body.trigger_id, view: renderLoadingView(title) });
  const viewId = opened.view?.id;
  if (!viewId) return;
  let view: ModalView;
  try {
    const source = await deps.sources.load(sourceId);
    // a schema of any size: within Slack's 100 blocks (cut with "…and N more"), never refused by Slack
    view = fitView(render(source, { sourceId: source.id, channel }));
  } catch (err) {
    const message = userMessageFor(err);
    deps.log.error({ ref: message.ref, err, sourceId }, 'could not prepare source modal');
    view = renderMessageView(title, message.text);
  }
  await client.views.update({ view_id: viewId, view });
}
