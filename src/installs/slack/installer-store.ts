/**
 * @slack/oauth's InstallationStore over fieldline's records (../service/installation-records.ts): what Bolt's
 * installer (InstallProvider) writes after `oauth.v2.access`, shaped into a record whose tokens are sealed.
 */
import type { Installation, InstallationQuery, InstallationStore } from '@slack/oauth';
import { workspaceKeyOf, type InstallationIds } from '../../kit/workspace.ts';
import type { InstallationRecords, OpenedInstallation } from '../service/installation-records.ts';

export function installerStore(
  records: InstallationRecords,
  now: () => number,
  onStored: (installation: OpenedInstallation) => Promise<void> = async () => undefined,
): InstallationStore {
  return {
    async storeInstallation(installation) {
      const record = fromSlack(installation as Installation, now());
      await records.put(record);
      await onStored({ ...record, generation: 0 });
    },
    async fetchInstallation(query) {
      const ids = idsOf(query);
      const key = workspaceKeyOf(ids);
      const found = key ? await records.resolve(key, ids.enterpriseId) : undefined;
      if (!found) throw new Error('no installation for this workspace');
      return toSlack(found);
    },
    async deleteInstallation(query) {
      const key = workspaceKeyOf(idsOf(query));
      if (key) await records.delete(key);
    },
  };
}

const idsOf = (query: InstallationQuery<boolean>): InstallationIds => ({
  teamId: query.teamId,
  enterpriseId: query.enterpriseId,
  isEnterpriseInstall: query.isEnterpriseInstall,
});

/** What the installer gives (oauth.v2.access, shaped by @slack/oauth) → fieldline's record. */
export function fromSlack(installation: Installation, nowMs: number): Omit<OpenedInstallation, 'generation'> {
  const isEnterpriseInstall = installation.isEnterpriseInstall === true;
  const ids = {
    teamId: installation.team?.id,
    enterpriseId: installation.enterprise?.id,
    isEnterpriseInstall,
  };
  const key = workspaceKeyOf(ids);
  const bot = installation.bot;
  if (!key || !bot) throw new Error('the installation names no workspace or has no bot token');
  return {
    v: 1,
    key,
    ...(ids.teamId && !isEnterpriseInstall ? { teamId: ids.teamId } : {}),
    ...(installation.team?.name ? { teamName: installation.team.name } : {}),
    ...(ids.enterpriseId ? { enterpriseId: ids.enterpriseId } : {}),
    ...(installation.enterprise?.name ? { enterpriseName: installation.enterprise.name } : {}),
    isEnterpriseInstall,
    ...(installation.appId ? { appId: installation.appId } : {}),
    ...(bot.id ? { botId: bot.id } : {}),
    botUserId: bot.userId,
    scopes: bot.scopes,
    ...(installation.user.id ? { installerUserId: installation.user.id } : {}),
    installedAt: nowMs,
    // @slack/oauth gives seconds.
    ...(bot.expiresAt !== undefined ? { expiresAt: bot.expiresAt * 1000 } : {}),
    tokens: { botToken: bot.token, ...(bot.refreshToken ? { refreshToken: bot.refreshToken } : {}) },
  };
}

function toSlack(found: OpenedInstallation): Installation {
  const installation: Installation<'v2', boolean> = {
    team: found.teamId
      ? { id: found.teamId, ...(found.teamName ? { name: found.teamName } : {}) }
      : undefined,
    enterprise: found.enterpriseId
      ? { id: found.enterpriseId, ...(found.enterpriseName ? { name: found.enterpriseName } : {}) }
      : undefined,
    user: { token: undefined, scopes: undefined, id: found.installerUserId ?? '' },
    bot: {
      token: found.tokens.botToken,
      ...(found.tokens.refreshToken ? { refreshToken: found.tokens.refreshToken } : {}),
      ...(found.expiresAt !== undefined ? { expiresAt: Math.floor(found.expiresAt / 1000) } : {}),
      scopes: found.scopes,
      id: found.botId ?? '',
      userId: found.botUserId ?? '',
    },
    isEnterpriseInstall: found.isEnterpriseInstall,
    authVersion: 'v2',
    ...(found.appId ? { appId: found.appId } : {}),
  };
  return installation;
}
