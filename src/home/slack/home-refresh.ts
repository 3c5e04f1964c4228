/** "Refresh" on the Home tab: the same two-step publish as opening the tab. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { HOME_ACTION } from '../render/home-ids.ts';
import { actionFacts } from '../../tasks/index.ts';
import { publishHome } from './publish-home.ts';

export function registerHomeRefresh(app: App, deps: Deps): void {
  app.action(HOME_ACTION.refresh, async ({ ack, body, client }) => {
    await ack();
    await publishHome(deps, client, actionFacts(body).user);
  });
}
