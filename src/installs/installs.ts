/**
 * The installations fieldline serves (issue 39): found per request (the workspace's own, else its organisation's
 * org-wide one), with a token good for now (./service/token-refresh.ts), and removed cleanly when Slack says the
 * app left a workspace. What else fieldline keeps per workspace (the platform connection, the relay,
 * subscriptions, digests) registers its own cleanup with `onRemoved`.
 */
import type { Logger } from '../base/log.ts';
import type { Store } from '../store/store.ts';
import { workspaceKeyOf, type InstallationIds, type WorkspaceKey } from '../kit/workspace.ts';
import { installationRecords, type InstallationRecords } from './service/installation-records.ts';
import { tokenSeal } from './service/sealed-tokens.ts';
import { tokenRefresher, type RefreshedToken, type TokenRefresher } from './service/token-refresh.ts';

/** An installation as the rest of fieldline sees it (the refresh token stays inside this feature). */
export interface Installation {
  key: WorkspaceKey;
  /** Absent for an org-wide install. */
  teamId?: string;
  teamName?: string;
  enterpriseId?: string;
  enterpriseName?: string;
  isEnterpriseInstall: boolean;
  botToken: string;
  botId?: string;
  botUserId?: string;
  /** Epoch ms of the install this record belongs to (a reinstall after an uninstall is a new one). */
  installedAt: number;
}

export type RemovedHandler = (key: WorkspaceKey) => Promise<void>;
export type RemovalReason = 'app_uninstalled' | 'tokens_revoked';

export interface Installs {
  /** True when fieldline is installed with OAuth (many workspaces); false with a bot token from the environment. */
  readonly multi: boolean;
  /** The installation serving a request from these ids, with a token good for now; undefined when none. */
  find(ids: InstallationIds): Promise<Installation | undefined>;
  /** Every installation's key (the relay serves each). */
  keys(): Promise<WorkspaceKey[]>;
  /**
   * Registers what to delete when an installation is removed; called once per removal with its key only.
   * Returns a function that unregisters it.
   */
  onRemoved(handler: RemovedHandler): () => void;
  /**
   * The app left this installation (app_uninstalled, or its bot token revoked): its tokens, its people's platform
   * keys, then every `onRemoved` handler. Nothing of another installation is touched. False when it was not known.
   */
  remove(key: WorkspaceKey, why: RemovalReason): Promise<boolean>;
  /** Records that a workspace of an org-wide installation used fieldline (its people's keys go with it). */
  noteWorkspace(key: WorkspaceKey, teamId: string): Promise<void>;
  /** Where the Web API is (known once the stand-in runs in local mode): the token refresh calls it. */
  useSlackApi(exchange: (refreshToken: string) => Promise<RefreshedToken>): void;
  /** The records, for this feature's installer (the OAuth callback). */
  readonly records: InstallationRecords;
}

export interface InstallsOptions {
  store: Store;
  multi: boolean;
  dataKey: Buffer | undefined;
  previousKeys?: readonly Buffer[];
  now(): number;
  log: Logger;
  /** Removes every person's platform key of a workspace (the access vault), when people's keys are kept. */
  removePeopleKeys?(teamId: string): Promise<number>;
  /** Token rotation timing (tests). */
  refresh?: { refreshAheadMs?: number; claimMs?: number; waitMs?: number };
}

const MAX_NOTED = 10_000;

export function createInstalls(opts: InstallsOptions): Installs {
  const store = opts.store.namespace('installs');
  // Without a data key (a bare single-workspace config) nothing is ever stored: records stay empty.
  const records = installationRecords(opts.store, tokenSeal(opts.dataKey ?? Buffer.alloc(32)));
  const handlers = new Set<RemovedHandler>();
  const noted = new Set<string>();
  let exchange: ((refreshToken: string) => Promise<RefreshedToken>) | undefined;
  const refresher: TokenRefresher = tokenRefresher({
    records,
    store,
    exchange: (token) => {
      if (!exchange) throw new Error('no Slack Web API to refresh tokens with');
      return exchange(token);
    },
    now: opts.now,
    log: opts.log,
    ...opts.refresh,
  });
  const teamsKey = (key: WorkspaceKey) => `teams:${key}`;

  return {
    multi: opts.multi,
    records,
    async find(ids) {
      const key = workspaceKeyOf(ids);
      if (!key || !opts.multi) return undefined;
      const found = await records.resolve(key, ids.enterpriseId ?? undefined);
      if (!found) return undefined;
      const fresh = await refresher.fresh(found);
      const { tokens, generation: _g, scopes: _s, v: _v, expiresAt: _e, ...rest } = fresh;
      return { ...rest, botToken: tokens.botToken };
    },
    keys: () => records.keys(),
    onRemoved(handler) {
      handlers.add(handler);
      return () => handlers.delete(handler);
    },
    async noteWorkspace(key, teamId) {
      const id = `${key}:${teamId}`;
      if (noted.has(id)) return;
      if (noted.size >= MAX_NOTED) noted.clear();
      noted.add(id);
      await store.update<string[]>(teamsKey(key), (teams = []) =>
        teams.includes(teamId) ? teams : [...teams, teamId],
      );
    },
    async remove(key, why) {
      const known = await records.delete(key);
      // The workspace itself (a team key) and every workspace of an organisation that used fieldline.
      const teams = new Set((await store.get<string[]>(teamsKey(key))) ?? []);
      if (!key.startsWith('E')) teams.add(key);
      let keys = 0;
      for (const team of teams) keys += (await opts.removePeopleKeys?.(team)) ?? 0;
      await store.delete(teamsKey(key));
      for (const id of [...noted]) if (id.startsWith(`${key}:`)) noted.delete(id);
      for (const handler of handlers)
        await handler(key).catch((err: unknown) =>
          opts.log.error({ err, workspace: key }, 'installs: a cleanup after removal failed'),
        );
      opts.log.info(
        { workspace: key, why, known, peopleKeys: keys },
        'installation removed: its tokens and people’s keys are deleted',
      );
      return known;
    },
    useSlackApi(fn) {
      exchange = fn;
    },
  };
}
