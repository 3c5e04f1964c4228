/** "Refresh" on the Home tab: the same two-step publish as opening the tab. */
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { actionFacts } from '../../tasks/index.ts';
import { publishHome, type PublishHomeDeps } from './publish-home.ts';
import type { HomeActionArgs } from './home-args.ts';

export async function handleHomeRefresh(args: HomeActionArgs, deps: PublishHomeDeps): Promise<void> {
  if (!(await handOff(args, 'home.refresh'))) return;
  await publishHome(deps, args.client, actionFacts(args.body).user);
}
