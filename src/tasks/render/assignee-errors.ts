/** Words for assignee-mapping misses (shared by the create and edit modals). */
import type { PersonMatch } from '../../directory/index.ts';

export function assigneeError(match: Exclude<PersonMatch, { kind: 'found' }>): string {
  if (match.kind === 'no-email') {
    return "This person's Slack profile shows no email to fieldline: ask a workspace admin to add one (or to let apps see emails), or pick someone else or leave it empty.";
  }
  return `fieldline knows no platform user with the email ${match.email}: ask a platform admin to add this email, or pick someone else or leave it empty.`;
}
