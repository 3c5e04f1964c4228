/**
 * home: one file per handler; this index registers them. Add one import and one call per handler.
 * (The tab itself is published on app_home_opened, registered in ../events.)
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerHomeNewTask } from './slack/home-new-task.ts';
import { registerHomeRefresh } from './slack/home-refresh.ts';
import { registerHomeSourceSearch } from './slack/home-source-search.ts';
import { registerHomeTaskOpen } from './slack/home-task-open.ts';

export function register(app: App, deps: Deps): void {
  registerHomeNewTask(app, deps);
  registerHomeRefresh(app, deps);
  registerHomeSourceSearch(app, deps);
  registerHomeTaskOpen(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
