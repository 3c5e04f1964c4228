/**
 * Modals that need the data source's record: open a "Loading…" modal at once (trigger_id lives 3 s), then
 * fetch and replace it. A failure replaces the modal with the user-facing message.
 */
import type { ModalView } from '@slack/types';
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../deps.ts';
import type { DataSource } from '../../monitoring/api.ts';
import { renderLoadingView, renderMessageView } from '../render/reading-entry-view.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { fitView } from '../../kit/blocks/block-limits.ts';

export async function openSourceModal(
  deps: Pick<Deps, 'sources' | 'log'>,
  client: WebClient,
  args: { triggerId: string; sourceId: string; title: string },
  render: (source: DataSource) => ModalView,
): Promise<void> {
  const opened = await client.views.open({ trigger_id: args.triggerId, view: renderLoadingView(args.title) });
  const viewId = opened.view?.id;
  if (!viewId) return;
  let view: ModalView;
  try {
    // a schema of any size: within Slack's 100 blocks (cut with "…and N more"), never refused by Slack
    view = fitView(render(await deps.sources.load(args.sourceId)));
  } catch (err) {
    const message = userMessageFor(err);
    deps.log.error({ ref: message.ref, err, sourceId: args.sourceId }, 'could not prepare source modal');
    view = renderMessageView(args.title, message.text);
  }
  await client.views.update({ view_id: viewId, view });
}
