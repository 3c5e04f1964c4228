/**
 * Bolt's `authorize` when fieldline is installed with OAuth: each request is authorised with its own
 * installation's bot token, looked up in the store (a workspace of an organisation installed org-wide resolves to
 * the organisation's installation), refreshed first when token rotation says it is due.
 */
import type { Authorize, AuthorizeResult } from '@slack/bolt';
import type { Installs } from '../installs.ts';

/** What a request's context carries beyond Bolt's own: the installation it belongs to. */
export const INSTALLED_AT = 'installedAt';
export const WORKSPACE_KEY = 'workspaceKey';

export class NotInstalledError extends Error {
  readonly code = 'FIELDLINE_NOT_INSTALLED';
  /** What the person is told (src/kit/errors.ts): a request in flight when the workspace removed fieldline. */
  readonly explanation =
    'fieldline is no longer installed in this workspace. A workspace admin can add it again from its install page.';
  constructor() {
    super('fieldline is not installed in this workspace (or was uninstalled)');
    this.name = 'NotInstalledError';
  }
}

export function installationAuthorize(installs: Installs): Authorize<boolean> {
  return async (source): Promise<AuthorizeResult> => {
    const found = await installs.find({
      teamId: source.teamId,
      enterpriseId: source.enterpriseId,
      isEnterpriseInstall: source.isEnterpriseInstall,
    });
    if (!found) throw new NotInstalledError();
    if (found.isEnterpriseInstall && source.teamId) await installs.noteWorkspace(found.key, source.teamId);
    return {
      botToken: found.botToken,
      ...(found.botId ? { botId: found.botId } : {}),
      ...(found.botUserId ? { botUserId: found.botUserId } : {}),
      // The workspace the request came from (an org-wide install serves several).
      ...(source.teamId ? { teamId: source.teamId } : found.teamId ? { teamId: found.teamId } : {}),
      ...(found.enterpriseId ? { enterpriseId: found.enterpriseId } : {}),
      [INSTALLED_AT]: found.installedAt,
      [WORKSPACE_KEY]: found.key,
    };
  };
}
