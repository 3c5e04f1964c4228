/**
 * One platform connection per workspace (issue 39): the platform's base URL and the relay's API key, set by a
 * workspace admin in App Home and kept in the store under `connections`, the key sealed (./sealed-key.ts). The
 * connection given by the environment (MONITORING_* or the embedded sandbox) is the default of every workspace
 * without its own, exactly as before.
 *
 * Where a workspace's relay keeps its state: the store's own `relay` namespace (as before) with one workspace
 * (a bot token from the environment), and, with many (OAuth), for the workspace of the environment's bot token if
 * any (local mode's seeded one); `ws:<workspace>:relay` for every other workspace, whichever connection it uses,
 * so its subscriptions stay its own when its admin sets or changes the connection.
 */
import { randomBytes } from 'node:crypto';
import type { Store } from '../../store/store.ts';
import { openKey, sealKey, type SealedKey } from './sealed-key.ts';

/** An installation's key (src/kit/workspace.ts's WorkspaceKey; services do not import the kit). */
type WorkspaceKey = string;

export interface PlatformConnection {
  baseUrl: string;
  /** The relay's key (the shared client's): never logged, never shown back. */
  key: string;
}

/** What is shown of a workspace's own connection (no secret). */
export interface ConnectionInfo {
  /** New when a connection is made where there was none; kept when its URL or key is changed. */
  id: string;
  baseUrl: string;
  setAt: number;
  /**
   * When the base URL last changed (set where there was none, or another URL): people's keys connected before it
   * were for another platform and are not sent to this one.
   */
  urlSince: number;
  /** The Slack admin who set it. */
  setBy: string;
}

interface StoredConnection extends ConnectionInfo {
  sealed: SealedKey;
}

export type OwnConnection = PlatformConnection & ConnectionInfo;

export interface Connections {
  /** The environment's connection (MONITORING_* or the embedded sandbox); undefined in OAuth mode without one. */
  readonly defaultConnection: PlatformConnection | undefined;
  /** False without FIELDLINE_ENCRYPTION_KEY: nothing can be kept sealed, so admins cannot set one. */
  readonly canStore: boolean;
  /** The workspace's own connection, opened; undefined when none (or no known data key opens it). */
  own(workspace: WorkspaceKey): Promise<OwnConnection | undefined>;
  info(workspace: WorkspaceKey): Promise<ConnectionInfo | undefined>;
  /** The workspace's own connection, else the default; undefined: an admin must connect the workspace. */
  effective(
    workspace: WorkspaceKey | undefined,
  ): Promise<(PlatformConnection & { urlSince?: number }) | undefined>;
  /** Sets (or replaces) the workspace's own connection. */
  save(workspace: WorkspaceKey, connection: PlatformConnection, by: string): Promise<ConnectionInfo>;
  /** Deletes the workspace's own connection (the relay's records are the relay's to delete). */
  remove(workspace: WorkspaceKey): Promise<boolean>;
  /** Workspaces with a connection of their own. */
  workspaces(): Promise<WorkspaceKey[]>;
  /** Changes with every save or removal, on any replica (the relay manager polls it). */
  version(): Promise<number>;
  /** True with many workspaces (OAuth): each but the bot token's own has a relay of its own. */
  readonly multi: boolean;
  /** The store root whose `relay` namespace holds this workspace's relay state (see the file comment). */
  relayRoot(workspace: WorkspaceKey | undefined): Promise<Store>;
  /** Whether that root is the default relay's (the store's own `relay` namespace). */
  usesDefaultRelay(workspace: WorkspaceKey | undefined): Promise<boolean>;
  /** The workspace of the environment's bot token (set once Slack is reachable); undefined without one. */
  home(): Promise<WorkspaceKey | undefined>;
  setHome(resolve: () => Promise<WorkspaceKey | undefined>): void;
}

export interface ConnectionsOptions {
  store: Store;
  /** FIELDLINE_ENCRYPTION_KEY and the keys it replaced. */
  dataKey: Buffer | undefined;
  previousKeys?: readonly Buffer[];
  defaultConnection?: PlatformConnection | undefined;
  /** Many workspaces (OAuth installs). */
  multi?: boolean;
  now: () => number;
  /** How long a replica trusts what it read of a connection (others' changes show within this). */
  cacheMs?: number;
}

const slot = (workspace: string) => `conn:${workspace}`;

/** A store namespace name may not hold ":" (workspace ids never do; this only guards the rule). */
const safe = (name: string) => name.replace(/[^A-Za-z0-9_-]/g, '_');

export function createConnections(opts: ConnectionsOptions): Connections {
  const s = opts.store.namespace('connections');
  const dataKeys = opts.dataKey ? [opts.dataKey, ...(opts.previousKeys ?? [])] : [];
  const cacheMs = opts.cacheMs ?? 3_000;
  const cache = new Map<string, { at: number; value: StoredConnection | undefined }>();
  let homeResolver: (() => Promise<WorkspaceKey | undefined>) | undefined;
  let homePromise: Promise<WorkspaceKey | undefined> | undefined;

  async function stored(workspace: string): Promise<StoredConnection | undefined> {
    const hit = cache.get(workspace);
    if (hit && opts.now() - hit.at < cacheMs) return hit.value;
    const value = await s.get<StoredConnection>(slot(workspace));
    cache.set(workspace, { at: opts.now(), value });
    if (cache.size > 10_000) cache.delete(cache.keys().next().value ?? '');
    return value;
  }

  const infoOf = (rec: StoredConnection): ConnectionInfo => ({
    id: rec.id,
    baseUrl: rec.baseUrl,
    setAt: rec.setAt,
    urlSince: rec.urlSince ?? rec.setAt,
    setBy: rec.setBy,
  });

  async function own(workspace: string): Promise<OwnConnection | undefined> {
    const rec = await stored(workspace);
    if (!rec) return undefined;
    const key = openKey(dataKeys, workspace, rec.baseUrl, rec.sealed);
    return key === null ? undefined : { ...infoOf(rec), key };
  }

  async function bump(): Promise<void> {
    await s.update<number>('version', (v) => (v ?? 0) + 1);
  }

  async function home(): Promise<WorkspaceKey | undefined> {
    if (!homeResolver) return undefined;
    homePromise ??= homeResolver().catch(() => {
      homePromise = undefined;
      return undefined;
    });
    return homePromise;
  }

  async function info(workspace: string): Promise<ConnectionInfo | undefined> {
    const rec = await stored(workspace);
    return rec ? infoOf(rec) : undefined;
  }

  async function usesDefaultRelay(workspace: WorkspaceKey | undefined): Promise<boolean> {
    return !opts.multi || workspace === undefined || workspace === (await home());
  }

  return {
    defaultConnection: opts.defaultConnection,
    canStore: dataKeys.length > 0,
    own,
    info,
    async effective(workspace) {
      if (workspace !== undefined) {
        const mine = await own(workspace);
        if (mine) return { baseUrl: mine.baseUrl, key: mine.key, urlSince: mine.urlSince };
      }
      return opts.defaultConnection;
    },
    async save(workspace, connection, by) {
      const dataKey = opts.dataKey;
      if (!dataKey) throw new Error('no FIELDLINE_ENCRYPTION_KEY: a connection cannot be kept sealed');
      const sealed = sealKey(dataKey, workspace, connection.baseUrl, connection.key);
      const setAt = opts.now();
      const next = await s.update<StoredConnection>(slot(workspace), (current) => ({
        id: current?.id ?? randomBytes(6).toString('hex'),
        baseUrl: connection.baseUrl,
        setAt,
        urlSince: current?.baseUrl === connection.baseUrl ? (current.urlSince ?? current.setAt) : setAt,
        setBy: by,
        sealed,
      }));
      await s.update<string[]>('index', (list) =>
        list?.includes(workspace) ? list : [...(list ?? []), workspace].sort(),
      );
      cache.delete(workspace);
      await bump();
      if (!next) throw new Error('connection not stored');
      return infoOf(next);
    },
    async remove(workspace) {
      const removed = await s.delete(slot(workspace));
      await s.update<string[]>('index', (list) =>
        list?.includes(workspace) ? list.filter((w) => w !== workspace) : list,
      );
      cache.delete(workspace);
      await bump();
      return removed;
    },
    async workspaces() {
      return (await s.get<string[]>('index')) ?? [];
    },
    async version() {
      return (await s.get<number>('version')) ?? 0;
    },
    multi: opts.multi === true,
    async relayRoot(workspace) {
      if (workspace === undefined || (await usesDefaultRelay(workspace))) return opts.store;
      return opts.store.namespace('ws').namespace(safe(workspace));
    },
    usesDefaultRelay,
    home,
    setHome(resolve) {
      homeResolver = resolve;
      homePromise = undefined;
    },
  };
}
