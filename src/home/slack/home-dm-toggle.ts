/** The Home tab's assignment-DM switch: stores the choice (the alerts feature owns it) and re-renders the tab. */
import { setAssignmentDms } from '../../alerts/index.ts';
import { actionFacts } from '../../tasks/index.ts';
import { publishHome, type PublishHomeDeps } from './publish-home.ts';
import type { HomeActionArgs } from './home-args.ts';

export async function handleHomeDmToggle(
  { ack, body, client }: HomeActionArgs,
  deps: PublishHomeDeps,
): Promise<void> {
  await ack();
  const { user, value } = actionFacts(body);
  await setAssignmentDms(deps.store, user, value === 'on');
  await publishHome(deps, client, user);
}
