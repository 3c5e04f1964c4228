/**
 * "Search data sources" on the Home tab: a modal with a query input. A submission is answered at once with
 * the modal in a "Searching…" state (response_action update, no platform call before the ack), then the
 * matches replace it (views.update) in a job (src/runtime/jobs/hand-off.ts); the person can search again from the
 * same modal.
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { z } from 'zod';
import type { Deps } from '../../base/deps.ts';
import { HOME_VIEW } from '../render/home-ids.ts';
import { renderSourceSearchModal, type SearchState } from '../render/home-search.ts';
import { formState, inputOf } from '../../kit/blocks/view-state.ts';
import { actionFacts } from '../../tasks/index.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import type { HomeActionArgs } from './home-args.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

const submission = z.looseObject({
  user: z.looseObject({ id: z.string() }),
  view: z.looseObject({
    id: z.string(),
    state: formState([HOME_VIEW.query]),
  }),
});

/** A full queue refuses a search before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const SEARCH_AT_DOOR = {
  view: HOME_VIEW.sourceSearch,
  kind: 'home.source-search',
  busyBlock: HOME_VIEW.query,
} satisfies DoorRule;

export type HomeSearchSubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** The button: opens the empty search modal. Needs no deps. */
export async function handleHomeSourceSearchOpen({ ack, body, client }: HomeActionArgs): Promise<void> {
  await ack();
  const { triggerId } = actionFacts(body);
  if (triggerId)
    await client.views.open({
      trigger_id: triggerId,
      view: renderSourceSearchModal('', { kind: 'empty' }),
    });
}

export async function handleHomeSourceSearchSubmit(
  args: HomeSearchSubmitArgs,
  deps: Pick<Deps, 'sources' | 'clock' | 'log'>,
): Promise<void> {
  const { ack, body, client } = args;
  const { view, user } = submission.parse(body);
  const query = (inputOf(view.state.values, HOME_VIEW.query)?.value ?? '').trim();
  if (query === '') {
    await ack({
      response_action: 'errors',
      errors: { [HOME_VIEW.query]: 'Type part of a data source name.' },
    });
    return;
  }
  const searching = {
    response_action: 'update',
    view: renderSourceSearchModal(query, { kind: 'searching' }),
  };
  if (!(await handOff(args, SEARCH_AT_DOOR.kind, { ack: searching, busyBlock: SEARCH_AT_DOOR.busyBlock })))
    return;
  let state: SearchState;
  try {
    state = { kind: 'found', page: await deps.sources.search(query, null), nowMs: deps.clock.now() };
  } catch (err) {
    const message = userMessageFor(err);
    deps.log.warn({ err, ref: message.ref, user: user.id, module: 'home' }, 'home: source search failed');
    state = { kind: 'failed', notice: message.text };
  }
  await client.views.update({ view_id: view.id, view: renderSourceSearchModal(query, state) });
}
