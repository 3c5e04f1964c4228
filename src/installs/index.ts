/**
 * The installs feature (issue 39): fieldline installed by many workspaces and organisations with OAuth.
 *
 * - `createInstalls` — the installations in the store (tokens sealed), found per request, token rotation, removal
 *   with `onRemoved` handlers for what other features keep per workspace.
 * - `installationAuthorize` — Bolt's `authorize`: each request with its own installation's token.
 * - `installRoutes` — `/slack/install` and `/slack/oauth_redirect` (Bolt's installer), for the HTTP server.
 * - `registerInstalls` — app_uninstalled / tokens_revoked remove that installation; stale jobs are dropped.
 * Single-workspace mode (SLACK_BOT_TOKEN) uses none of it: `multi` is false and nothing is stored.
 */
import type { ListenerApp } from '../kit/entry.ts';
import type { Logger } from '../base/log.ts';
import type { Installs } from './installs.ts';
import { registerUninstallEvents } from './slack/uninstall-events.ts';

export { createInstalls } from './installs.ts';
export type { Installation, Installs, InstallsOptions, RemovalReason, RemovedHandler } from './installs.ts';
export { installationAuthorize, NotInstalledError, INSTALLED_AT, WORKSPACE_KEY } from './slack/authorize.ts';
export { installRoutes, INSTALL_PATH, REDIRECT_PATH, type RouteHandler } from './slack/installer.ts';
export { refreshExchange } from './slack/refresh-exchange.ts';
export { SCOPE_REASONS } from './rules/scopes.ts';

/** Registered first (before the access gate) when installed with OAuth. */
export function registerInstalls(app: ListenerApp, deps: { installs: Installs; log: Logger }): void {
  if (!deps.installs.multi) return;
  registerUninstallEvents(app, deps);
}
