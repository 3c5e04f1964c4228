/**
 * The platform connection feature (issue 39): one monitoring platform per workspace — its base URL and the
 * relay's key — set by a workspace admin in App Home, checked with one call, kept sealed. The environment's
 * platform (MONITORING_* or the embedded sandbox) is the default of every workspace without its own.
 *
 * - `createConnections` (service): the records; the default; where each workspace's relay keeps its state.
 * - `createPlatformClients`: the person-bound client routed to the acting workspace's platform, and the relay's
 *   client per connection.
 * - `registerConnections`: App Home's admin button and the modal's submission.
 * Other features import this file only.
 */
import type { BlockAction } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import type { ListenerApp } from '../kit/entry.ts';
import { actingPerson } from '../access/index.ts';
import type { Connections } from './service/connections.ts';
import type { ConnectionHomeState } from './render/connection-blocks.ts';
import { CONNECTION_ACTION, CONNECTION_VIEW } from './render/connection-ids.ts';
import { handleConnectionOpen } from './slack/action-connection-open.ts';
import type { ConnectionDeps } from './slack/connection-deps.ts';
import { connectionSubmit } from './slack/view-connection-submit.ts';
import { isWorkspaceAdmin } from './slack/workspace-admin.ts';

export {
  createConnections,
  type ConnectionInfo,
  type Connections,
  type ConnectionsOptions,
  type OwnConnection,
  type PlatformConnection,
} from './service/connections.ts';
export { createPlatformClients, type PlatformClients } from './service/platform-clients.ts';
export {
  PlatformChangedError,
  WorkspaceNotConnectedError,
  WORKSPACE_NOT_CONNECTED_TEXT,
} from './service/errors.ts';
export { connectionHomeBlocks, type ConnectionHomeState } from './render/connection-blocks.ts';
export { CONNECTION_ACTION } from './render/connection-ids.ts';

/** Inputs whose values are secrets (the relay's key): the runtime leaves them out of what it hashes or keeps. */
export const CONNECTION_SECRET_INPUTS: readonly string[] = [CONNECTION_VIEW.keyInput];

export function registerConnections(
  app: ListenerApp,
  deps: Pick<ConnectionDeps, 'connections' | 'log'>,
  opts: Pick<ConnectionDeps, 'clientFor' | 'onChanged'>,
): void {
  const all: ConnectionDeps = { ...deps, ...opts };
  app.action<BlockAction>({ type: 'block_actions', action_id: CONNECTION_ACTION.open }, (args) =>
    handleConnectionOpen(args, all),
  );
  app.entry(connectionSubmit(all));
}

/**
 * What App Home shows the acting person about the workspace's connection: undefined unless they are a workspace
 * admin or owner (asked of Slack), so nobody else sees the section.
 */
export async function connectionHomeState(
  connections: Connections,
  client: WebClient,
  userId: string,
): Promise<ConnectionHomeState | undefined> {
  const person = actingPerson();
  if (!person || !(await isWorkspaceAdmin(client, userId))) return undefined;
  const info = await connections.info(person.workspace ?? person.teamId);
  return {
    own: info ? { baseUrl: info.baseUrl, setAt: info.setAt, setBy: info.setBy } : null,
    hasDefault: connections.defaultConnection !== undefined,
    canStore: connections.canStore,
  };
}
