/** Registers every Slack surface on the Bolt app. */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import * as actions from './actions/index.ts';
import * as commands from '../surfaces/commands.ts';
import * as events from '../surfaces/events.ts';
import * as home from '../home/index.ts';
import * as options from '../surfaces/options.ts';
import * as shortcuts from './shortcuts/index.ts';
import * as views from './views/index.ts';

export function registerSurfaces(app: App, deps: Deps): void {
  for (const surface of [commands, shortcuts, views, actions, options, events, home])
    surface.register(app, deps);
}
