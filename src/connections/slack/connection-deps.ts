/** What the platform connection's listeners need. */
import type { WebClient } from '@slack/web-api';
import type { Logger } from '../../base/log.ts';
import type { MonitoringApi } from '../../monitoring/index.ts';
import { actingPerson } from '../../access/index.ts';
import type { WorkspaceKey } from '../../kit/workspace.ts';
import type { Connections } from '../service/connections.ts';

export interface ConnectionDeps {
  connections: Connections;
  log: Logger;
  /** A client of exactly that platform and key, without retries (the one check call). */
  clientFor(baseUrl: string, key: string): MonitoringApi;
  /** After the connection changed (App Home is published again). */
  onChanged(client: WebClient, userId: string): Promise<void>;
}

/** The acting person and the installation they act in (the workspace, or the organisation of an org-wide install). */
export function actingAdminCandidate(): { userId: string; workspace: WorkspaceKey } | undefined {
  const person = actingPerson();
  if (!person) return undefined;
  return { userId: person.userId, workspace: person.workspace ?? person.teamId };
}
