/** "Refresh" on the Home tab: the same two-step publish as opening the tab. */
import { actionFacts } from '../../tasks/index.ts';
import { publishHome, type PublishHomeDeps } from './publish-home.ts';
import type { HomeActionArgs } from './home-args.ts';

export async function handleHomeRefresh(
  { ack, body, client }: HomeActionArgs,
  deps: PublishHomeDeps,
): Promise<void> {
  await ack();
  await publishHome(deps, client, actionFacts(body).user);
}
