/**
 * The OAuth v2 install with Bolt's own installer (@slack/oauth's InstallProvider): `GET /slack/install` shows
 * the landing page with the Add to Slack button (state issued, tied to the browser by a cookie), and
 * `GET /slack/oauth_redirect` verifies the state, exchanges the code (oauth.v2.access), stores the installation
 * with its tokens sealed and shows what to do next. Served by fieldline's own HTTP server (a route handler).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InstallProvider, type Installation } from '@slack/oauth';
import type { Logger } from '../../base/log.ts';
import { slackLogger } from '../../base/log.ts';
import type { Store } from '../../store/store.ts';
import type { Installs } from '../installs.ts';
import { renderFailedPage, renderInstalledPage, renderInstallPage } from '../render/pages.ts';
import { scopeLines } from '../rules/scopes.ts';
import { installerStore } from './installer-store.ts';
import { storeStateStore } from './state-store.ts';

export const INSTALL_PATH = '/slack/install';
export const REDIRECT_PATH = '/slack/oauth_redirect';

export interface InstallerOptions {
  installs: Installs;
  store: Store;
  credentials: { clientId: string; clientSecret: string; stateSecret: string };
  /** The bot scopes to ask for (manifest.yml's). */
  scopes: readonly string[];
  /** Web API base ending in `/` (oauth.v2.access, auth.test). */
  slackApiUrl: string;
  /** Slack's authorize page; the stand-in's in local mode. */
  authorizationUrl?: string;
  /** Where Slack sends the browser back; default: the app's configured redirect URL (manifest.yml). */
  redirectUri?: string;
  log: Logger;
  now(): number;
}

/** Serves the two install paths; false for any other request (the server goes on). */
export type RouteHandler = (req: IncomingMessage, res: ServerResponse) => boolean;

function send(res: ServerResponse, status: number, html: string): void {
  if (res.headersSent) return;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': 'no-store',
    'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; form-action 'none'",
  });
  res.end(html);
}

export function installRoutes(opts: InstallerOptions): RouteHandler {
  const scopes = scopeLines(opts.scopes);
  const installOptions = {
    scopes: [...opts.scopes],
    ...(opts.redirectUri ? { redirectUri: opts.redirectUri } : {}),
  };
  const log = opts.log.child({ module: 'installs' });
  const provider = new InstallProvider({
    clientId: opts.credentials.clientId,
    clientSecret: opts.credentials.clientSecret,
    stateStore: storeStateStore(opts.store, opts.credentials.stateSecret, installOptions, opts.now),
    installationStore: installerStore(opts.installs.records, opts.now),
    installUrlOptions: installOptions,
    renderHtmlForInstallPath: (installUrl) => renderInstallPage({ installUrl, scopes }),
    ...(opts.authorizationUrl ? { authorizationUrl: opts.authorizationUrl } : {}),
    clientOptions: { slackApiUrl: opts.slackApiUrl },
    logger: slackLogger(log),
  });
  const installed = (installation: Installation, _o: unknown, _req: IncomingMessage, res: ServerResponse) => {
    const orgWide = installation.isEnterpriseInstall === true;
    const where =
      (orgWide ? installation.enterprise?.name : installation.team?.name) ??
      (orgWide ? 'your organisation' : 'your workspace');
    log.info(
      { team: installation.team?.id, enterprise: installation.enterprise?.id, orgWide },
      'fieldline installed',
    );
    send(res, 200, renderInstalledPage({ where, orgWide }));
  };
  const failed = (error: { code?: string }, _o: unknown, _req: IncomingMessage, res: ServerResponse) => {
    log.warn({ code: error.code }, 'an install did not complete');
    const known = error.code !== undefined && error.code !== 'slack_oauth_unknown_error';
    send(res, known ? 400 : 502, renderFailedPage({ code: error.code, installPath: INSTALL_PATH }));
  };
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const path = new URL(req.url ?? '/', 'http://fieldline').pathname;
    if (path === INSTALL_PATH) {
      provider.handleInstallPath(req, res, undefined, installOptions).catch(() => {
        send(res, 500, renderFailedPage({ installPath: INSTALL_PATH }));
      });
      return true;
    }
    if (path === REDIRECT_PATH) {
      void provider.handleCallback(req, res, { success: installed, failure: failed });
      return true;
    }
    return false;
  };
}
