/**
 * The monitoring clients of every connection, made once each and kept: the person-bound client sends each call to
 * the acting workspace's platform (with the person's own key), and the relay of each connection polls with that
 * connection's key. A client is made for one base URL, so a key only ever goes to the platform it was given for.
 */
import { createHash } from 'node:crypto';
import type { ApiKeySource, MonitoringApi } from '../../monitoring/index.ts';
import { createRoutedMonitoring } from '../../monitoring/index.ts';
import type { Connections, PlatformConnection } from './connections.ts';
import { PlatformChangedError, WorkspaceNotConnectedError } from './errors.ts';

/** An installation's key (src/kit/workspace.ts's WorkspaceKey; services do not import the kit). */
type WorkspaceKey = string;

export type MakeClient = (baseUrl: string, apiKey: ApiKeySource) => MonitoringApi;

export interface PlatformClients {
  /** Every call goes to the acting workspace's platform with `personKey` (the acting person's key). */
  personal: MonitoringApi;
  /** The relay's client of one connection (its shared key); each call is one user, until `release`. */
  shared(connection: PlatformConnection): MonitoringApi;
  /** One user of that client is done with it; the last one closes it. */
  release(connection: PlatformConnection): Promise<void>;
  close(): Promise<void>;
}

/** Clients are told apart by URL and a digest of the key (the key itself is never a map key that could be dumped). */
const sharedId = (c: PlatformConnection) =>
  `${c.baseUrl} ${createHash('sha256').update(c.key).digest('base64url').slice(0, 16)}`;

export function createPlatformClients(opts: {
  connections: Connections;
  make: MakeClient;
  /** The acting person's key source (it checks who they are first). */
  personKey: () => Promise<string>;
  /**
   * Shared access mode (FIELDLINE_ACCESS=shared): people act with the connection's own key, each workspace's with
   * its own — never the default's, which must not reach another platform. The person is still checked first.
   */
  sharedMode?: boolean;
  workspace: () => WorkspaceKey | undefined;
  /**
   * When the acting person connected their key (null: not connected; undefined: not known here). A key connected
   * before the workspace's platform URL changed is never sent to the new platform.
   */
  linkedAt?: () => Promise<number | null | undefined>;
}): PlatformClients {
  const personalByUrl = new Map<string, MonitoringApi>();
  const sharedById = new Map<string, { client: MonitoringApi; users: number }>();

  async function pick(): Promise<MonitoringApi> {
    const connection = await opts.connections.effective(opts.workspace());
    if (!connection) throw new WorkspaceNotConnectedError();
    if (!opts.sharedMode && connection.urlSince !== undefined && opts.linkedAt) {
      const linkedAt = await opts.linkedAt();
      if (typeof linkedAt === 'number' && linkedAt < connection.urlSince) throw new PlatformChangedError();
    }
    const id = opts.sharedMode ? sharedId(connection) : connection.baseUrl;
    let client = personalByUrl.get(id);
    if (!client) {
      const key = connection.key;
      const source: ApiKeySource = opts.sharedMode
        ? async () => {
            await opts.personKey();
            return key;
          }
        : opts.personKey;
      client = opts.make(connection.baseUrl, source);
      personalByUrl.set(id, client);
    }
    return client;
  }

  const closeAll = async () => {
    const all = [...personalByUrl.values(), ...[...sharedById.values()].map((s) => s.client)];
    personalByUrl.clear();
    sharedById.clear();
    await Promise.all(all.map((c) => c.close()));
  };

  return {
    personal: createRoutedMonitoring(pick, async () => undefined),
    shared(connection) {
      const id = sharedId(connection);
      const found = sharedById.get(id) ?? { client: opts.make(connection.baseUrl, connection.key), users: 0 };
      found.users += 1;
      sharedById.set(id, found);
      return found.client;
    },
    async release(connection) {
      const id = sharedId(connection);
      const found = sharedById.get(id);
      if (!found) return;
      found.users -= 1;
      if (found.users > 0) return;
      sharedById.delete(id);
      await found.client.close();
    },
    close: closeAll,
  };
}
