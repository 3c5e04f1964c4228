/** The Home tab's assignment-DM switch: stores the choice (the alerts feature owns it) and re-renders the tab. */
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { setAssignmentDms } from '../../alerts/index.ts';
import { actionFacts } from '../../tasks/index.ts';
import { publishHome, type PublishHomeDeps } from './publish-home.ts';
import type { HomeActionArgs } from './home-args.ts';

export async function handleHomeDmToggle(args: HomeActionArgs, deps: PublishHomeDeps): Promise<void> {
  // The store write and the tab's re-render run as a job (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'home.dm-toggle'))) return;
  const { body, client } = args;
  const { user, value } = actionFacts(body);
  await setAssignmentDms(deps.store, user, value === 'on');
  await publishHome(deps, client, user);
}
