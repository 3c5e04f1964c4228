/**
 * Registers every Slack surface on the Bolt app. The access gate comes first: it runs every request as the person
 * who sent it (or refuses them) before any feature's listener.
 */
import type { App } from '@slack/bolt';
import type { Deps } from './deps.ts';
import { registerAccess } from './access/index.ts';
import type { MonitoringApi } from './monitoring/api.ts';
import * as actions from './surfaces/actions.ts';
import * as commands from './surfaces/commands.ts';
import * as events from './surfaces/events.ts';
import * as home from './home/index.ts';
import { publishHome } from './home/slack/publish-home.ts';
import * as options from './surfaces/options.ts';
import * as shortcuts from './surfaces/shortcuts.ts';
import * as views from './surfaces/views.ts';
import { registerTasks } from './tasks/index.ts';

export interface SurfaceOptions {
  /** A client that uses exactly `key` (checking a key a person pastes). */
  clientWithKey(key: string): MonitoringApi;
}

export function registerSurfaces(app: App, deps: Deps, opts: SurfaceOptions): void {
  registerAccess(app, {
    access: deps.access,
    log: deps.log,
    directory: deps.directory,
    clientWithKey: opts.clientWithKey,
    onLinkChanged: (client, userId) => publishHome(deps, client, userId),
  });
  registerTasks(app, deps);
  for (const surface of [commands, shortcuts, views, actions, options, events, home])
    surface.register(app, deps);
}
