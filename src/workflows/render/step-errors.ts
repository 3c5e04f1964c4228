/**
 * The errors Workflow Builder shows when a step cannot act for its acting person (plain text: Workflow Builder
 * shows the string as it is). The same rules as the gate's refusals (access/rules/person-gate.ts), said about the
 * person the workflow named rather than to the one reading.
 */
import type { Refusal } from '../../access/index.ts';

export function refusalForStep(reason: Refusal): string {
  switch (reason) {
    case 'bot':
      return 'The acting person is a bot or an app: fieldline acts only for people. Choose a person of the workspace.';
    case 'deactivated':
      return 'The acting person’s Slack account is deactivated, so fieldline cannot act for them. Choose someone else.';
    case 'guest':
    case 'single-channel-guest':
      return 'The acting person is a guest of the workspace: fieldline is not available to guests. Choose a full member, or ask a workspace admin to give them full membership.';
    case 'external':
      return 'The acting person is from another organisation (Slack Connect): fieldline acts only for members of the workspace it is installed in. Choose a member of this workspace.';
  }
}

export const NOT_CONNECTED_FOR_STEP =
  'The acting person has not connected their platform account to fieldline. They open fieldline in Slack (Home tab) and choose “Connect your platform account”; then run the workflow again.';

export const MUST_RENEW_FOR_STEP =
  'The acting person’s platform connection must be renewed. They open fieldline in Slack (Home tab) and connect again; then run the workflow again.';

/** An explained error's text without its leading emoji (":key: …"): Workflow Builder shows plain text. */
export function plainExplanation(text: string): string {
  return text.replace(/^:[a-z0-9_+-]+:\s*/i, '').replace(/`/g, '');
}
