/** The Home tab's assignment-DM switch: stores the choice (the alerts feature owns it) and re-renders the tab. */
import { actionEntry, toWork } from '../../kit/entry.ts';
import { relayRoot, setAssignmentDms } from '../../alerts/index.ts';
import { actionFacts } from '../../tasks/index.ts';
import { HOME_ACTION } from '../render/home-ids.ts';
import { publishHome, type PublishHomeDeps } from '../flows/publish-home.ts';

export const homeDmToggle = (deps: PublishHomeDeps) =>
  actionEntry<undefined>({
    match: HOME_ACTION.dmToggle,
    kind: 'home.dm-toggle',
    // The store write and the tab's re-render are the job's work; the click is only acked.
    receive: () => toWork(undefined),
    async work({ body, client }) {
      const { user, value } = actionFacts(body);
      await setAssignmentDms(await relayRoot(deps), user, value === 'on');
      await publishHome(deps, client, user);
    },
  });
