/** "Refresh" on the Home tab: the same two-step publish as opening the tab, as a job. */
import { actionEntry, toWork } from '../../kit/entry.ts';
import { actionFacts } from '../../tasks/index.ts';
import { HOME_ACTION } from '../render/home-ids.ts';
import { publishHome, type PublishHomeDeps } from '../flows/publish-home.ts';

export const homeRefresh = (deps: PublishHomeDeps) =>
  actionEntry<undefined>({
    match: HOME_ACTION.refresh,
    kind: 'home.refresh',
    receive: () => toWork(undefined),
    work: ({ body, client }) => publishHome(deps, client, actionFacts(body).user),
  });
