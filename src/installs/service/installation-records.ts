/**
 * Installations in fieldline's store, one record per workspace key (../../kit/workspace.ts: the enterprise id of
 * an org-wide install, else the team id), tokens sealed (./sealed-tokens.ts). Written whole by an install (a
 * reinstall replaces the record: it starts clean), changed by a token refresh only through `update` and only if the
 * record is still the one refreshed (`generation`), deleted by an uninstall. An index of the keys lets the relay
 * (issue 39b) list them.
 */
import { randomInt } from 'node:crypto';
import type { Store } from '../../store/store.ts';

/** `E…` for an org-wide install, `T…` for a workspace install (src/kit/workspace.ts). */
export type WorkspaceKey = string;
import type { InstallationTokens, Sealed, TokenSeal } from './sealed-tokens.ts';

/** What is stored: everything in clear but the tokens. */
export interface StoredInstallation {
  v: 1;
  key: WorkspaceKey;
  teamId?: string;
  teamName?: string;
  enterpriseId?: string;
  enterpriseName?: string;
  isEnterpriseInstall: boolean;
  appId?: string;
  botId?: string;
  botUserId?: string;
  scopes: string[];
  /** Who installed it (Slack user id). */
  installerUserId?: string;
  /** Epoch ms: jobs accepted before this belong to an earlier installation and never run. */
  installedAt: number;
  /** Epoch ms when the bot token expires (token rotation), absent when it does not. */
  expiresAt?: number;
  /** Bumped by every refresh: a refresh writes only over the record it refreshed. */
  generation: number;
  sealed: Sealed;
}

/** An installation with its tokens opened. */
export interface OpenedInstallation extends Omit<StoredInstallation, 'sealed'> {
  tokens: InstallationTokens;
}

const INDEX = 'index';
export const recordKey = (key: WorkspaceKey) => `inst:${key}`;

export interface InstallationRecords {
  get(key: WorkspaceKey): Promise<OpenedInstallation | undefined>;
  /**
   * The installation serving a request of workspace key `key` (src/kit/workspace.ts) in organisation
   * `enterpriseId`: the workspace's own, else its organisation's org-wide one.
   */
  resolve(key: WorkspaceKey, enterpriseId?: string): Promise<OpenedInstallation | undefined>;
  /** Writes an install; over a live one it keeps its `installedAt` (the same installation, new tokens). */
  put(installation: Omit<OpenedInstallation, 'generation'>): Promise<void>;
  /** Replaces the tokens of the record at `generation` (a refresh); false when it changed meanwhile. */
  replaceTokens(
    key: WorkspaceKey,
    generation: number,
    tokens: InstallationTokens,
    expiresAt: number | undefined,
  ): Promise<boolean>;
  delete(key: WorkspaceKey): Promise<boolean>;
  keys(): Promise<WorkspaceKey[]>;
}

export function installationRecords(store: Store, seal: TokenSeal): InstallationRecords {
  const ns = store.namespace('installs');

  const open = (stored: StoredInstallation | undefined): OpenedInstallation | undefined => {
    if (!stored) return undefined;
    const tokens = seal.open(stored.key, stored.sealed);
    if (!tokens) return undefined;
    const { sealed: _sealed, ...rest } = stored;
    return { ...rest, tokens };
  };

  const get = async (key: WorkspaceKey) => open(await ns.get<StoredInstallation>(recordKey(key)));

  const records: InstallationRecords = {
    get,
    async resolve(key, enterpriseId) {
      const own = await get(key);
      if (own) return own;
      // A workspace of an organisation installed org-wide: its requests are the organisation's installation's.
      if (enterpriseId && key !== enterpriseId) {
        const org = await get(enterpriseId);
        if (org?.isEnterpriseInstall) return org;
      }
      return undefined;
    },
    async put(installation) {
      const { tokens, ...clear } = installation;
      const record: StoredInstallation = {
        ...clear,
        // Not 0: a refresh of the record this install replaced must not match the new one.
        generation: randomInt(1, 2 ** 47),
        sealed: seal.seal(installation.key, tokens),
      };
      // Installing again over a live installation (new scopes) is the same installation: its jobs still run.
      await ns.update<StoredInstallation>(recordKey(installation.key), (current) =>
        current ? { ...record, installedAt: current.installedAt } : record,
      );
      await ns.update<WorkspaceKey[]>(INDEX, (keys = []) =>
        keys.includes(installation.key) ? keys : [...keys, installation.key],
      );
    },
    async replaceTokens(key, generation, tokens, expiresAt) {
      let replaced = false;
      const sealed = seal.seal(key, tokens);
      await ns.update<StoredInstallation>(recordKey(key), (current) => {
        // Assigned on every run: the change may be tried again after another writer's.
        replaced = current !== undefined && current.generation === generation;
        if (!current || !replaced) return current;
        const { expiresAt: _old, ...rest } = current;
        return {
          ...rest,
          ...(expiresAt !== undefined ? { expiresAt } : {}),
          generation: generation + 1,
          sealed,
        };
      });
      return replaced;
    },
    async delete(key) {
      const deleted = await ns.delete(recordKey(key));
      await ns.update<WorkspaceKey[]>(INDEX, (keys = []) =>
        keys.includes(key) ? keys.filter((k) => k !== key) : keys,
      );
      return deleted;
    },
    async keys() {
      return (await ns.get<WorkspaceKey[]>(INDEX)) ?? [];
    },
  };
  return records;
}
