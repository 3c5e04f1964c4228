/**
 * The Home tab's data source search, submitted: answered at once with the modal in a "Searching…" state
 * (response_action update, no platform call before the ack), then the matches replace it (views.update) as a
 * job; the person can search again from the same modal. A full queue keeps the modal open with the query typed.
 */
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { formState, inputOf } from '../../kit/blocks/view-state.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { HOME_VIEW } from '../render/home-ids.ts';
import { renderSourceSearchModal, type SearchState } from '../render/home-search.ts';

const submission = z.looseObject({
  user: z.looseObject({ id: z.string() }),
  view: z.looseObject({
    id: z.string(),
    state: formState([HOME_VIEW.query]),
  }),
});

/** What was searched, by whom, in which modal. */
interface SearchCarry {
  query: string;
  user: string;
  viewId: string;
}

export type SourceSearchDeps = Pick<Deps, 'sources' | 'clock' | 'log'>;

export const sourceSearchSubmit = (deps: SourceSearchDeps) =>
  viewEntry<SearchCarry>({
    callbackId: HOME_VIEW.sourceSearch,
    kind: 'home.source-search',
    busyBlock: HOME_VIEW.query,
    receive({ body }) {
      const { view, user } = submission.parse(body);
      const query = (inputOf(view.state.values, HOME_VIEW.query)?.value ?? '').trim();
      if (query === '')
        return answer({
          response_action: 'errors',
          errors: { [HOME_VIEW.query]: 'Type part of a data source name.' },
        });
      const searching = {
        response_action: 'update',
        view: renderSourceSearchModal(query, { kind: 'searching' }),
      };
      return toWork({ query, user: user.id, viewId: view.id }, { ack: searching });
    },
    async work({ client }, { query, user, viewId }) {
      let state: SearchState;
      try {
        state = { kind: 'found', page: await deps.sources.search(query, null), nowMs: deps.clock.now() };
      } catch (err) {
        const message = userMessageFor(err);
        deps.log.warn({ err, ref: message.ref, user, module: 'home' }, 'home: source search failed');
        state = { kind: 'failed', notice: message.text };
      }
      await client.views.update({ view_id: viewId, view: renderSourceSearchModal(query, state) });
    },
  });
