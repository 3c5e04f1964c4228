/**
 * Token rotation (`token_rotation_enabled`): an installation's bot token expires (12 h at Slack) and is exchanged
 * for a new one with its refresh token (oauth.v2.access, grant_type=refresh_token) before it does. A refresh token
 * is good for one exchange, so exactly one refresh runs at a time across threads and replicas: the one that adds
 * the claim in the store (`add`: SET NX in Redis) exchanges; the others keep using the token while it is still
 * valid (we refresh ahead of expiry), or wait for the new one when it is not. The new token is written only over
 * the record that was refreshed (`generation`), so a reinstall meanwhile wins. Why not @slack/oauth's own
 * refresh: docs/decisions/0008-installations.md.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { Logger } from '../../base/log.ts';
import type { Store } from '../../store/store.ts';
import type { InstallationRecords, OpenedInstallation } from './installation-records.ts';

export interface RefreshedToken {
  accessToken: string;
  refreshToken: string;
  expiresInSeconds: number;
}

export interface RefreshDeps {
  records: InstallationRecords;
  /** The installs namespace (where the claim is kept). */
  store: Store;
  /** oauth.v2.access with grant_type=refresh_token. */
  exchange(refreshToken: string): Promise<RefreshedToken>;
  now(): number;
  log: Pick<Logger, 'info' | 'warn'>;
  /** Refresh when the token expires within this (default 2 h, as @slack/oauth does). */
  refreshAheadMs?: number;
  /** How long a claim holds when its holder dies mid-exchange (default 30 s). */
  claimMs?: number;
  /** How long a request waits for another's refresh of an expired token (default 10 s). */
  waitMs?: number;
}

const DEFAULT_AHEAD_MS = 2 * 60 * 60_000;

export interface TokenRefresher {
  /** The installation with a token good for now: refreshed first when due, by this caller or another. */
  fresh(installation: OpenedInstallation): Promise<OpenedInstallation>;
}

export function tokenRefresher(deps: RefreshDeps): TokenRefresher {
  const ahead = deps.refreshAheadMs ?? DEFAULT_AHEAD_MS;
  const claimMs = deps.claimMs ?? 30_000;
  const waitMs = deps.waitMs ?? 10_000;
  // One refresh per installation per thread: concurrent requests here share it.
  const inFlight = new Map<string, Promise<OpenedInstallation>>();

  const due = (i: OpenedInstallation) =>
    i.expiresAt !== undefined && i.tokens.refreshToken !== undefined && i.expiresAt - deps.now() <= ahead;
  const usable = (i: OpenedInstallation) => i.expiresAt === undefined || i.expiresAt > deps.now() + 5_000;

  async function exchangeClaimed(read: OpenedInstallation): Promise<OpenedInstallation> {
    // Another replica may have refreshed between our read and our claim.
    const current = await deps.records.get(read.key);
    if (!current || current.generation !== read.generation || !current.tokens.refreshToken)
      return current ?? read;
    let got: RefreshedToken;
    try {
      got = await deps.exchange(current.tokens.refreshToken);
    } catch (err) {
      // Never the token in the log: the error names Slack's answer only.
      deps.log.warn(
        { workspace: read.key, error: err instanceof Error ? err.message : 'failed' },
        'installation token refresh failed',
      );
      return current;
    }
    const tokens = { botToken: got.accessToken, refreshToken: got.refreshToken };
    const expiresAt = deps.now() + got.expiresInSeconds * 1000;
    if (!(await deps.records.replaceTokens(read.key, read.generation, tokens, expiresAt)))
      return (await deps.records.get(read.key)) ?? current;
    deps.log.info({ workspace: read.key }, 'installation token refreshed');
    return { ...current, tokens, expiresAt, generation: read.generation + 1 };
  }

  async function waitForOther(read: OpenedInstallation): Promise<OpenedInstallation> {
    if (usable(read)) return read;
    const until = Date.now() + waitMs;
    while (Date.now() < until) {
      await sleep(50);
      const current = await deps.records.get(read.key);
      if (!current || current.generation !== read.generation) return current ?? read;
    }
    return read;
  }

  async function refresh(read: OpenedInstallation): Promise<OpenedInstallation> {
    const claim = `refresh:${read.key}`;
    if (!(await deps.store.add(claim, { generation: read.generation }, claimMs))) return waitForOther(read);
    try {
      return await exchangeClaimed(read);
    } finally {
      await deps.store.delete(claim).catch(() => undefined);
    }
  }

  return {
    async fresh(installation) {
      if (!due(installation)) return installation;
      const running = inFlight.get(installation.key);
      if (running) return running;
      const started = refresh(installation).finally(() => inFlight.delete(installation.key));
      inFlight.set(installation.key, started);
      return started;
    },
  };
}
