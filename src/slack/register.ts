/** Registers every Slack surface on the Bolt app. */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import * as actions from './actions/index.ts';
import * as commands from './commands/index.ts';
import * as events from './events/index.ts';
import * as home from './home/index.ts';
import * as options from './options/index.ts';
import * as shortcuts from './shortcuts/index.ts';
import * as views from './views/index.ts';

export function registerSurfaces(app: App, deps: Deps): void {
  for (const surface of [commands, shortcuts, views, actions, options, events, home])
    surface.register(app, deps);
}
