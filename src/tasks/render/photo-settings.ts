/** `/task require-photos` answers, pure. Site names come from the platform: escaped. */
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { priorityName } from '../rules/priority.ts';
import type { PhotoRule } from '../rules/photo-rules.ts';

export const PHOTO_ADMINS_ONLY =
  ':lock: Only workspace admins and owners (or members of the fieldline admin group) can change where photos are required. Anyone can see the rules with `/task require-photos`.';

/** "tasks at Chicago Works" / "High priority tasks at every site" / "High priority tasks at Chicago Works". */
export function describeRule(rule: PhotoRule): string {
  const site = rule.siteId === undefined ? 'every site' : safeName(rule.siteName ?? rule.siteId, 200);
  const priority =
    rule.priorityId === undefined ? '' : `${priorityName(rule.priorityId) ?? 'Unknown'} priority `;
  return `${priority}tasks at ${site}`;
}

export function renderPhotoRules(rules: readonly PhotoRule[]): string {
  if (rules.length === 0)
    return 'No task needs a photo to be completed in this workspace. An admin can require one with `/task require-photos site <name> [priority high|medium|low]`.';
  return [
    ':camera: Completing these tasks needs at least one photo (*Complete with photos* on the card):',
    ...rules.map((r) => `• ${describeRule(r)}`),
    'An admin removes a rule by adding `off`, e.g. `/task require-photos site <name> off`, or all with `/task require-photos off`.',
  ].join('\n');
}
