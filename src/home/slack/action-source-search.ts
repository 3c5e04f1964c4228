/** "Search data sources" on the Home tab: opens the empty search modal (answered on receipt, no job). */
import type { ActionArgs } from '../../kit/entry.ts';
import { actionFacts } from '../../tasks/index.ts';
import { renderSourceSearchModal } from '../render/home-search.ts';

/** Needs no deps. */
export async function handleHomeSourceSearchOpen({ ack, body, client }: ActionArgs): Promise<void> {
  await ack();
  const { triggerId } = actionFacts(body);
  if (triggerId)
    await client.views.open({
      trigger_id: triggerId,
      view: renderSourceSearchModal('', { kind: 'empty' }),
    });
}
