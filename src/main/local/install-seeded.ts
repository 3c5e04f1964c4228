/**
 * Local mode installed with OAuth (issue 39): the stand-in's seeded workspace is installed from the start, with
 * the bot token fieldline made up for it; the other workspaces and the organisation are installed through the
 * install flow (`/slack/install`).
 */
import type { Deps } from '../../base/deps.ts';
import { TEAM } from '../../slack-standin/index.ts';
import { manifestScopes } from '../install-pages.ts';

export async function installSeededWorkspace(
  deps: Pick<Deps, 'installs'>,
  bot: { token: string; userId: string },
): Promise<void> {
  await deps.installs.records.put({
    v: 1,
    key: TEAM.id,
    teamId: TEAM.id,
    teamName: TEAM.name,
    isEnterpriseInstall: false,
    botUserId: bot.userId,
    scopes: manifestScopes(),
    installedAt: 0,
    tokens: { botToken: bot.token },
  });
}
