/**
 * What a Web API call answers differently per installation (issue 39): auth.test names the token's installation,
 * and people's home workspace is the workspace the stand-in is being used as (with its organisation, as
 * users.info's `enterprise_user` on Enterprise Grid).
 */
import type { JsonObject, LocalUser } from '../types.ts';
import { ORGANISATION, workspaceById, type StandinInstall, type StandinWorkspace } from './workspaces.ts';

export interface CallerContext {
  install: StandinInstall;
  /** The workspace requests come from now (the console's or the test's choice). */
  home: StandinWorkspace;
}

export function authTestAs(caller: CallerContext | undefined): JsonObject {
  if (!caller) return {};
  const { install } = caller;
  if (install.isEnterpriseInstall)
    return {
      team: ORGANISATION.name,
      team_id: null,
      enterprise_id: ORGANISATION.id,
      is_enterprise_install: true,
    };
  const ws = install.teamId ? workspaceById(install.teamId) : undefined;
  return {
    team: ws?.name ?? install.teamId,
    team_id: install.teamId,
    ...(ws?.enterprise ? { enterprise_id: ws.enterprise.id } : {}),
    is_enterprise_install: false,
  };
}

/** A person's team as users.info says it: their own when seeded with one, else the workspace in use. */
export function userTeamAs(u: LocalUser, caller: CallerContext | undefined): JsonObject | undefined {
  if (!caller) return undefined;
  const team = u.team_id ?? caller.home.id;
  const ws = workspaceById(team);
  return {
    team_id: team,
    ...(ws?.enterprise
      ? {
          enterprise_user: {
            id: u.id,
            enterprise_id: ws.enterprise.id,
            enterprise_name: ws.enterprise.name,
            teams: [team],
          },
        }
      : {}),
  };
}
