/**
 * Which installation a request belongs to (issue 39). An org-wide install (Enterprise Grid,
 * `is_enterprise_install`) serves every workspace of its organisation and is keyed by the enterprise id; any other
 * install by its workspace (team) id. Everything fieldline keeps per installation — tokens, the platform
 * connection, subscriptions, schedules — is keyed by this value, and removed with it.
 */
export type WorkspaceKey = string;

export interface InstallationIds {
  teamId?: string | undefined;
  enterpriseId?: string | undefined;
  isEnterpriseInstall?: boolean | undefined;
}

/** `E…` for an org-wide install, `T…` for a workspace install; undefined when the request names neither. */
export function workspaceKeyOf(ids: InstallationIds): WorkspaceKey | undefined {
  if (ids.isEnterpriseInstall === true && ids.enterpriseId) return ids.enterpriseId;
  return ids.teamId || ids.enterpriseId || undefined;
}
