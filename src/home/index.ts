/**
 * The home feature: App Home, composed from the other features' public APIs (open tasks, subscriptions, the
 * platform's state, the person's platform account) with its quick actions. `registerHome` registers every
 * listener (named handlers, callable in tests without an App), including the `app_home_opened` event that
 * publishes the tab.
 */
import type { BlockAction, ViewSubmitAction } from '@slack/bolt';
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import { HOME_ACTION, HOME_VIEW } from './render/home-ids.ts';
import { handleAppHomeOpened } from './slack/app-home-opened.ts';
import { handleHomeDmToggle } from './slack/home-dm-toggle.ts';
import { handleHomeNewTask } from './slack/home-new-task.ts';
import { handleHomeRefresh } from './slack/home-refresh.ts';
import {
  handleHomeSourceSearchOpen,
  handleHomeSourceSearchSubmit,
  SEARCH_AT_DOOR,
} from './slack/home-source-search.ts';
import { handleHomeTaskOpen } from './slack/home-task-open.ts';

export { publishHome } from './slack/publish-home.ts';

export function registerHome(app: ListenerApp, deps: Deps): void {
  app.event('app_home_opened', (args) => handleAppHomeOpened(args, deps));
  app.action<BlockAction>(HOME_ACTION.newTask, (args) => handleHomeNewTask(args, deps));
  app.action<BlockAction>(HOME_ACTION.refresh, (args) => handleHomeRefresh(args, deps));
  app.action<BlockAction>(HOME_ACTION.dmToggle, (args) => handleHomeDmToggle(args, deps));
  app.action<BlockAction>(HOME_ACTION.sourceSearch, (args) => handleHomeSourceSearchOpen(args));
  app.view<ViewSubmitAction>(HOME_VIEW.sourceSearch, (args) => handleHomeSourceSearchSubmit(args, deps));
  // A full job queue refuses it before the app (src/runtime/jobs/door.ts), as handOff would.
  app.busyAtDoor(SEARCH_AT_DOOR);
  app.action<BlockAction>(new RegExp(`^${HOME_ACTION.taskOpenPrefix}`), (args) =>
    handleHomeTaskOpen(args, deps),
  );
}
