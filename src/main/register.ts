/**
 * Registers every feature's listeners on the Bolt app. The access gate comes first: it runs every request as the
 * person who sent it (or refuses them) before any feature's listener.
 */
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import { registerAccess } from '../access/index.ts';
import { notifyAssignment, registerAlerts } from '../alerts/index.ts';
import { registerFiles } from '../files/index.ts';
import { publishHome, registerHome } from '../home/index.ts';
import type { MonitoringApi } from '../monitoring/api.ts';
import { registerPosts } from '../posts/index.ts';
import { registerReadings } from '../readings/index.ts';
import { registerTasks } from '../tasks/index.ts';

export interface SurfaceOptions {
  /** A client that uses exactly `key` (checking a key a person pastes). */
  clientWithKey(key: string): MonitoringApi;
}

export function registerSurfaces(app: ListenerApp, deps: Deps, opts: SurfaceOptions): void {
  registerAccess(app, {
    access: deps.access,
    log: deps.log,
    directory: deps.directory,
    clientWithKey: opts.clientWithKey,
    onLinkChanged: (client, userId) => publishHome(deps, client, userId),
  });
  // Assigning a task from Slack tells the assignee at once (the relay would only see it on its next poll).
  registerTasks(app, deps, { onAssigned: (client, task, by) => notifyAssignment(deps, client, task, by) });
  registerReadings(app, deps);
  registerPosts(app, deps);
  registerFiles(app, deps);
  registerAlerts(app, deps);
  registerHome(app, deps);
}
