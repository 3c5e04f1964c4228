/**
 * The OAuth settings (issue 39): SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET make fieldline
 * installable by many workspaces and organisations (`/slack/install`). They are the other deployment shape from
 * SLACK_BOT_TOKEN (one workspace, a token from the environment): one or the other, never both.
 * Read by config.ts with the rest of the environment.
 */
export interface OAuthConfig {
  clientId: string;
  clientSecret: string;
  /** Signs the OAuth `state` parameter (at least 16 characters). */
  stateSecret: string;
}

const VARIABLES = ['SLACK_CLIENT_ID', 'SLACK_CLIENT_SECRET', 'SLACK_STATE_SECRET'] as const;

/** Undefined when none of the three is set; problems name the variable, never its value. */
export function parseOAuth(
  e: Record<string, string | undefined>,
  problems: string[],
): OAuthConfig | undefined {
  const given = VARIABLES.filter((name) => e[name] !== undefined);
  if (given.length === 0) return undefined;
  for (const name of VARIABLES)
    if (e[name] === undefined)
      problems.push(
        `${name} is not set: installing with OAuth needs SLACK_CLIENT_ID, SLACK_CLIENT_SECRET and SLACK_STATE_SECRET (Basic Information → App Credentials; the state secret is any random text, e.g. \`openssl rand -hex 24\`)`,
      );
  if (e.SLACK_BOT_TOKEN !== undefined)
    problems.push(
      'SLACK_BOT_TOKEN and SLACK_CLIENT_ID/SLACK_CLIENT_SECRET/SLACK_STATE_SECRET are two deployment shapes: set SLACK_BOT_TOKEN for one workspace, or the OAuth variables to be installed by many workspaces — not both',
    );
  const clientId = e.SLACK_CLIENT_ID ?? '';
  if (clientId !== '' && !/^\d+\.\d+$/.test(clientId))
    problems.push(
      'SLACK_CLIENT_ID must look like 1234567890.1234567890 (Basic Information → App Credentials)',
    );
  const stateSecret = e.SLACK_STATE_SECRET ?? '';
  if (stateSecret !== '' && stateSecret.length < 16)
    problems.push('SLACK_STATE_SECRET must be at least 16 characters (e.g. `openssl rand -hex 24`)');
  if (e.FIELDLINE_ENCRYPTION_KEY === undefined && given.length === VARIABLES.length)
    problems.push(
      'FIELDLINE_ENCRYPTION_KEY is required with SLACK_CLIENT_ID: installations’ tokens are stored encrypted with it (e.g. `openssl rand -base64 32`)',
    );
  return { clientId, clientSecret: e.SLACK_CLIENT_SECRET ?? '', stateSecret };
}
