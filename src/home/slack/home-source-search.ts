/**
 * "Search data sources" on the Home tab: a modal with a query input. A submission is answered at once with
 * the modal in a "Searching…" state (response_action update, no platform call before the ack), then the
 * matches replace it (views.update); the person can search again from the same modal.
 */
import type { App } from '@slack/bolt';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { HOME_ACTION, HOME_VIEW } from '../render/home-ids.ts';
import { renderSourceSearchModal, type SearchState } from '../render/home-search.ts';
import { inputOf, stateValues } from '../../kit/blocks/view-state.ts';
import { actionFacts } from '../../tasks/index.ts';
import { userMessageFor } from '../../kit/errors.ts';

const submission = z.looseObject({
  user: z.looseObject({ id: z.string() }),
  view: z.looseObject({
    id: z.string(),
    state: z.looseObject({ values: stateValues }),
  }),
});

export function registerHomeSourceSearch(app: App, deps: Deps): void {
  app.action(HOME_ACTION.sourceSearch, async ({ ack, body, client }) => {
    await ack();
    const { triggerId } = actionFacts(body);
    if (triggerId)
      await client.views.open({
        trigger_id: triggerId,
        view: renderSourceSearchModal('', { kind: 'empty' }),
      });
  });

  app.view(HOME_VIEW.sourceSearch, async ({ ack, body, client }) => {
    const { view, user } = submission.parse(body);
    const query = (inputOf(view.state.values, HOME_VIEW.query)?.value ?? '').trim();
    if (query === '') {
      await ack({
        response_action: 'errors',
        errors: { [HOME_VIEW.query]: 'Type part of a data source name.' },
      });
      return;
    }
    await ack({ response_action: 'update', view: renderSourceSearchModal(query, { kind: 'searching' }) });
    let state: SearchState;
    try {
      state = { kind: 'found', page: await deps.sources.search(query, null), nowMs: deps.clock.now() };
    } catch (err) {
      const message = userMessageFor(err);
      deps.log.warn({ err, ref: message.ref, user: user.id, module: 'home' }, 'home: source search failed');
      state = { kind: 'failed', notice: message.text };
    }
    await client.views.update({ view_id: view.id, view: renderSourceSearchModal(query, state) });
  });
}
