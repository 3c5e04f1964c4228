/**
 * The install pages of the HTTP server when fieldline is installed with OAuth (issue 39): Bolt's installer over
 * the installs feature, asking for the bot scopes manifest.yml lists (read once at start; the image ships it).
 */
import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import type { Deps } from '../base/deps.ts';
import type { OAuthConfig } from '../base/config.ts';
import { installRoutes, SCOPE_REASONS, type RouteHandler } from '../installs/index.ts';

const MANIFEST = new URL('../../manifest.yml', import.meta.url);
const manifest = z.looseObject({
  oauth_config: z.looseObject({ scopes: z.looseObject({ bot: z.array(z.string()) }) }),
});

/** manifest.yml's bot scopes; the ones fieldline knows the reasons of when the file is not there. */
export function manifestScopes(path: URL | string = MANIFEST): string[] {
  try {
    return manifest.parse(parse(readFileSync(path, 'utf8'))).oauth_config.scopes.bot;
  } catch {
    return Object.keys(SCOPE_REASONS);
  }
}

export function installPages(
  deps: Pick<Deps, 'installs' | 'store' | 'log' | 'clock'>,
  opts: {
    credentials: OAuthConfig;
    slackApiUrl: string;
    authorizationUrl?: string;
    redirectUri?: string;
  },
): RouteHandler {
  return installRoutes({
    installs: deps.installs,
    store: deps.store,
    credentials: opts.credentials,
    scopes: manifestScopes(),
    slackApiUrl: opts.slackApiUrl,
    ...(opts.authorizationUrl ? { authorizationUrl: opts.authorizationUrl } : {}),
    ...(opts.redirectUri ? { redirectUri: opts.redirectUri } : {}),
    log: deps.log,
    now: deps.clock.now,
  });
}
