/**
 * The home feature: App Home, composed from the other features' public APIs (open tasks, subscriptions, the
 * platform's state, the person's platform account) with its quick actions. `registerHome` registers every
 * listener, including the `app_home_opened` event that publishes the tab.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerAppHomeOpened } from './slack/app-home-opened.ts';
import { registerHomeNewTask } from './slack/home-new-task.ts';
import { registerHomeRefresh } from './slack/home-refresh.ts';
import { registerHomeSourceSearch } from './slack/home-source-search.ts';
import { registerHomeTaskOpen } from './slack/home-task-open.ts';

export { publishHome } from './slack/publish-home.ts';

export function registerHome(app: App, deps: Deps): void {
  registerAppHomeOpened(app, deps);
  registerHomeNewTask(app, deps);
  registerHomeRefresh(app, deps);
  registerHomeSourceSearch(app, deps);
  registerHomeTaskOpen(app, deps);
}
