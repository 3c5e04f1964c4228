/**
 * The home feature: App Home, composed from the other features' public APIs (open tasks, subscriptions, the
 * platform's state, the person's platform account) with its quick actions. `registerHome` registers every
 * listener: declarations (src/kit/entry.ts) for what runs as a job — opening the tab, Refresh, the DM switch,
 * Open card, the source search — and Bolt listeners for the buttons that only open a modal.
 */
import type { BlockAction } from '@slack/bolt';
import type { ListenerApp } from '../kit/entry.ts';
import type { Deps } from '../base/deps.ts';
import { HOME_ACTION } from './render/home-ids.ts';
import { homeDmToggle } from './slack/action-dm-toggle.ts';
import { handleHomeNewTask } from './slack/action-new-task.ts';
import { homeRefresh } from './slack/action-refresh.ts';
import { handleHomeSourceSearchOpen } from './slack/action-source-search.ts';
import { homeTaskOpen } from './slack/action-task-open.ts';
import { appHomeOpened } from './slack/event-app-home-opened.ts';
import { sourceSearchSubmit } from './slack/view-source-search-submit.ts';

export { publishHome } from './flows/publish-home.ts';

export function registerHome(app: ListenerApp, deps: Deps): void {
  app.entry(appHomeOpened(deps));
  app.entry(homeRefresh(deps));
  app.entry(homeDmToggle(deps));
  app.entry(homeTaskOpen(deps));
  app.entry(sourceSearchSubmit(deps));
  app.action<BlockAction>(HOME_ACTION.newTask, (args) => handleHomeNewTask(args, deps));
  app.action<BlockAction>(HOME_ACTION.sourceSearch, (args) => handleHomeSourceSearchOpen(args));
}
