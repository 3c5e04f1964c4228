/**
 * The stand-in's installations (issue 39): the workspaces it offers, OAuth v2 (authorize page, oauth.v2.access,
 * token rotation), which workspace requests come from now, and uninstalling. Off unless the stand-in is started
 * with `oauth` (client id and secret): then the seeded workspace's token is one installation among others.
 */
import { TEAM } from '../seed.ts';
import type { JsonObject } from '../types.ts';
import type { CallerContext } from './caller.ts';
import { installOf, StandinOAuth, type StandinOAuthOptions } from './oauth.ts';
import { stampWorkspace } from './stamp.ts';
import {
  ORGANISATION,
  WORKSPACES,
  workspaceById,
  type StandinInstall,
  type StandinWorkspace,
} from './workspaces.ts';

export { ORGANISATION, WORKSPACES, type StandinInstall, type StandinWorkspace } from './workspaces.ts';
export { StandinOAuth } from './oauth.ts';
export { authorizePages } from './authorize-page.ts';
export type { CallerContext } from './caller.ts';

export interface StandinWorkspaces {
  readonly oauth: StandinOAuth;
  readonly list: readonly StandinWorkspace[];
  /** The workspace requests come from now (the console's choice; tests' `use`). */
  current(): StandinWorkspace;
  use(teamId: string): void;
  /** Installations with a live token, by key (team id, or enterprise id for org-wide). */
  installed(): string[];
  /** The installation a token belongs to and the workspace in use, or why the token is refused. */
  callerOf(token: string): CallerContext | { error: string };
  /** Rewrites a request the driver built for the seeded workspace as coming from the workspace in use. */
  stamp(body: string, contentType: string | undefined): string;
  /** Revokes the installation's tokens; returns the `app_uninstalled` event Slack then sends (JSON). */
  uninstall(key: string, eventId: string, now: number): string;
}

export function createStandinWorkspaces(opts: StandinOAuthOptions & { botToken: string }): StandinWorkspaces {
  const oauth = new StandinOAuth(opts);
  const seeded = installOf(TEAM.id);
  if (seeded) oauth.adoptToken(opts.botToken, seeded);
  let using: StandinWorkspace = workspaceById(TEAM.id) ?? {
    id: TEAM.id,
    name: TEAM.name,
    domain: TEAM.domain,
  };
  const orgWide = (ws: StandinWorkspace) =>
    ws.enterprise !== undefined && oauth.installedKeys().includes(ws.enterprise.id);
  return {
    oauth,
    list: WORKSPACES,
    current: () => using,
    use(teamId) {
      const ws = workspaceById(teamId);
      if (!ws) throw new Error(`unknown stand-in workspace ${teamId}`);
      using = ws;
    },
    installed: () => oauth.installedKeys(),
    callerOf(token) {
      const found = oauth.caller(token);
      if ('error' in found) return { error: found.error };
      return { install: found.install, home: using };
    },
    stamp: (body, contentType) => stampWorkspace(body, contentType, using, orgWide(using)),
    uninstall(key, eventId, now) {
      const install: StandinInstall | undefined = installOf(key);
      oauth.uninstall(key);
      const ws = install?.teamId ? workspaceById(install.teamId) : undefined;
      const envelope: JsonObject = {
        token: 'standin-verification-token',
        team_id: ws?.id ?? using.id,
        ...(install?.enterpriseId ? { enterprise_id: install.enterpriseId } : {}),
        api_app_id: 'A0FIELD',
        event: { type: 'app_uninstalled', event_ts: (now / 1000).toFixed(6) },
        type: 'event_callback',
        event_id: eventId,
        event_time: Math.floor(now / 1000),
        authorizations: [
          {
            enterprise_id: install?.enterpriseId ?? null,
            team_id: install?.isEnterpriseInstall ? null : (install?.teamId ?? null),
            user_id: 'U0BOT',
            is_bot: true,
            is_enterprise_install: install?.isEnterpriseInstall === true,
          },
        ],
      };
      if (install?.isEnterpriseInstall && !ws)
        envelope.team_id = WORKSPACES.find((w) => w.enterprise?.id === ORGANISATION.id)?.id ?? '';
      return JSON.stringify(envelope);
    },
  };
}
