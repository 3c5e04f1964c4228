/**
 * Registers every feature's listeners on the Bolt app. The access gate comes first: it runs every request as the
 * person who sent it (or refuses them) before any feature's listener.
 */
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import { registerAccess } from '../access/index.ts';
import { alertTaskPrefill, notifyAssignment, registerAlerts } from '../alerts/index.ts';
import { registerConnections } from '../connections/index.ts';
import { registerFiles } from '../files/index.ts';
import { registerForms } from '../forms/index.ts';
import { registerInstalls } from '../installs/index.ts';
import { publishHome, registerHome } from '../home/index.ts';
import type { MonitoringApi } from '../monitoring/api.ts';
import { registerPosts } from '../posts/index.ts';
import { registerReadings } from '../readings/index.ts';
import { registerRounds } from '../rounds/index.ts';
import { registerTasks } from '../tasks/index.ts';
import { auditPlaceMiddleware } from '../ops/index.ts';
import { registerWorkflows } from '../workflows/index.ts';

export interface SurfaceOptions {
  /** A client that uses exactly `key` (checking a key a person pastes). */
  clientWithKey(key: string): MonitoringApi;
  /** A client of exactly that platform and key (checking a workspace's platform connection). */
  clientFor(baseUrl: string, key: string): MonitoringApi;
}

export function registerSurfaces(app: ListenerApp, deps: Deps, opts: SurfaceOptions): void {
  // First: where each request came from, for the audit trail (issue 42).
  app.use(auditPlaceMiddleware(deps.audit));
  // Before the gate: leaving an installation, and its stale jobs, concern no person.
  registerInstalls(app, { installs: deps.installs, log: deps.log });
  registerAccess(app, {
    access: deps.access,
    log: deps.log,
    directory: deps.directory,
    clientWithKey: opts.clientWithKey,
    onLinkChanged: (client, userId) => publishHome(deps, client, userId),
  });
  // Assigning a task from Slack tells the assignee at once (the relay would only see it on its next poll).
  // Creating a task from an alert message starts from the alert's device, site and priority.
  registerTasks(app, deps, {
    onAssigned: (client, task, by) => notifyAssignment(deps, client, task, by),
    prefillFromMessage: (channel, message) => alertTaskPrefill(deps, channel, message),
  });
  registerReadings(app, deps);
  registerPosts(app, deps);
  registerFiles(app, deps);
  registerAlerts(app, deps);
  registerHome(app, deps);
  registerForms(app, deps);
  registerRounds(app, deps);
  // Workflow Builder steps (issue 41).
  registerWorkflows(app, deps);
  registerConnections(app, deps, {
    clientFor: opts.clientFor,
    onChanged: (client, userId) => publishHome(deps, client, userId),
  });
}
