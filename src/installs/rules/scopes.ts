/**
 * Why fieldline asks for each bot scope (README "Slack scopes"), shown on the install page next to the scopes
 * manifest.yml asks for. test/installs/scopes.unit.test.ts checks every scope of the manifest has its reason here.
 */
export const SCOPE_REASONS: Readonly<Record<string, string>> = {
  commands: 'The slash commands (/task, /reading, /source, /post, /monitor) and the shortcuts.',
  'chat:write': 'Replies, task cards, alert threads, ephemeral messages and direct messages from fieldline.',
  'users:read':
    'Who may use fieldline (guests, deactivated people, bots, other organisations) and the names of people on tasks.',
  'users:read.email': 'Matches a Slack person to their platform user by email (task assignees, “mine”).',
  'files:read': 'Reads files shared in Slack to upload them to the platform or import a CSV of readings.',
  'files:write': 'Uploads charts, CSV exports and platform files into conversations.',
  'channels:join': '`/monitor subscribe` in a public channel joins it, so alerts can be posted there.',
  'channels:read': 'Checks a public channel (name, membership) before subscribing it.',
  'groups:read': 'The same check for private channels fieldline was invited to.',
  'im:history': 'Receives CSV files people send to fieldline in a direct message.',
  'usergroups:read': 'Reads the members of the admin user group (who may configure channels).',
};

export interface ScopeLine {
  scope: string;
  why: string;
}

/** The scopes asked for, in the manifest's order, each with its reason. */
export function scopeLines(scopes: readonly string[]): ScopeLine[] {
  return scopes.map((scope) => ({ scope, why: SCOPE_REASONS[scope] ?? 'Needed by fieldline.' }));
}
