/**
 * Who may use fieldline at all (pure). Checked on every request before anything reaches the platform, in every
 * access mode: workspace guests (unless allowed), deactivated users, bots and people from another workspace or
 * organisation (Slack Connect) are refused, each with a reason they can read.
 */

/** What Slack says about a person (users.info), reduced to what the rules use. */
export interface PersonFacts {
  userId: string;
  /** The person's own workspace; differs from the installed team for Slack Connect partners. */
  teamId: string | undefined;
  name: string;
  email: string | undefined;
  deleted: boolean;
  isBot: boolean;
  isRestricted: boolean;
  isUltraRestricted: boolean;
  isAdmin: boolean;
  isOwner: boolean;
  /** The person's organisation (Enterprise Grid: users.info `enterprise_user.enterprise_id`), when in one. */
  enterpriseId?: string;
}

export type Refusal = 'bot' | 'deactivated' | 'guest' | 'single-channel-guest' | 'external';

/**
 * Who "our members" are: the installation's workspace, or its whole organisation (an org-wide install, or a
 * workspace of an Enterprise Grid organisation: a member of another workspace of the same organisation is not a
 * Slack Connect partner).
 */
export interface InstalledIn {
  installedTeamId?: string | undefined;
  installedEnterpriseId?: string | undefined;
}

export interface GatePolicy extends InstalledIn {
  allowGuests: boolean;
}

/** `requestTeamId`: the user's team as the request states it (payload `user.team_id`), when it does. */
export function refusalFor(facts: PersonFacts, policy: GatePolicy, requestTeamId?: string): Refusal | null {
  if (facts.isBot) return 'bot';
  if (facts.deleted) return 'deactivated';
  const teams = [facts.teamId, requestTeamId].filter((t): t is string => t !== undefined && t !== '');
  const sameOrganisation =
    policy.installedEnterpriseId !== undefined && facts.enterpriseId === policy.installedEnterpriseId;
  if (!sameOrganisation && teams.some((t) => t !== policy.installedTeamId)) return 'external';
  if (!policy.allowGuests && facts.isUltraRestricted) return 'single-channel-guest';
  if (!policy.allowGuests && facts.isRestricted) return 'guest';
  return null;
}

export function refusalText(reason: Refusal): string {
  switch (reason) {
    case 'bot':
      return 'fieldline acts only for people, not for bots or apps.';
    case 'deactivated':
      return 'Your Slack account is deactivated, so fieldline cannot act for you.';
    case 'guest':
      return 'fieldline is not available to workspace guests. If you need it, ask a workspace admin to give you full membership.';
    case 'single-channel-guest':
      return 'fieldline is not available to single-channel guests. If you need it, ask a workspace admin to give you full membership.';
    case 'external':
      return 'fieldline acts only for members of the workspace it is installed in. You are here from another organisation (Slack Connect), so fieldline cannot act for you — use fieldline in your own workspace.';
  }
}

/** May configure channels (subscriptions, relay settings): workspace admins and owners, or the admin group. */
export function isChannelAdmin(facts: PersonFacts, inAdminGroup: boolean): boolean {
  return facts.isAdmin || facts.isOwner || inAdminGroup;
}
