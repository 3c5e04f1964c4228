/** Words for assignee-mapping misses (shared by the create and edit modals). */
import type { PersonMatch } from '../../services/directory/index.ts';

export function assigneeError(match: Exclude<PersonMatch, { kind: 'found' }>): string {
  if (match.kind === 'no-email') {
    return "This person's Slack profile shows no email, so fieldline can't find them on the platform. Choose someone else or leave it empty.";
  }
  return `No platform user with the email ${match.email} appears on any task fieldline has seen. Choose someone else or leave it empty.`;
}
