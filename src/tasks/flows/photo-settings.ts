/**
 * `/task require-photos …` after the ack (anyone lists; workspace admins change — the same rule as /monitor's
 * settings, from users.info, never from the payload), and the check the plain Done button makes before any
 * platform call.
 */
import type { WebClient } from '@slack/web-api';
import type { Deps } from '../../base/deps.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import type { PhotoRule, RequirePhotosCommand } from '../rules/photo-rules.ts';
import { photoRuleFor } from '../rules/photo-rules.ts';
import { describeRule, PHOTO_ADMINS_ONLY, renderPhotoRules } from '../render/photo-settings.ts';
import { photoRequiredText } from '../render/photo-modal.ts';
import { createPhotoStore } from '../service/photo-store.ts';

export type PhotoSettingsDeps = Pick<Deps, 'store' | 'directory' | 'access'>;

export const NO_WORKSPACE_TEXT =
  'fieldline cannot tell which workspace this is, so it keeps no photo rules here.';

export async function runRequirePhotos(
  deps: PhotoSettingsDeps,
  client: WebClient,
  workspace: string | undefined,
  command: Exclude<RequirePhotosCommand, { kind: 'invalid' }>,
): Promise<string> {
  if (!workspace) return NO_WORKSPACE_TEXT;
  const photos = createPhotoStore(deps.store);
  if (command.kind === 'list') return renderPhotoRules(await photos.rules(workspace));
  if (!(await deps.access.mayConfigureChannels(client))) return PHOTO_ADMINS_ONLY;
  if (command.kind === 'clear') {
    const n = await photos.clearRules(workspace);
    return n === 0
      ? 'No rule to remove: no task needs a photo to be completed here.'
      : `Removed ${n} photo rule${n === 1 ? '' : 's'}: tasks can be marked Done without a photo again.`;
  }
  const rule: PhotoRule = {};
  if (command.siteText !== undefined) {
    // The admin's own key decides which sites they may name.
    const match = await deps.directory.resolveSite(command.siteText);
    if (match.kind === 'none') {
      const known = (await deps.directory.sites()).map((s) => safeName(s.name, 80)).slice(0, 15);
      return `No site matches “${safeName(command.siteText, 100)}”. Sites: ${known.join(', ') || 'none visible'}.`;
    }
    if (match.kind === 'many')
      return `“${safeName(command.siteText, 100)}” matches several sites: ${match.sites
        .map((s) => `“${safeName(s.name, 80)}”`)
        .slice(0, 15)
        .join(', ')}. Type more of the name.`;
    rule.siteId = match.site.id;
    rule.siteName = match.site.name;
  }
  if (command.priorityId !== undefined) rule.priorityId = command.priorityId;
  if (rule.siteId === undefined && rule.priorityId === undefined)
    return 'Name a site, a priority, or both, e.g. `/task require-photos site Chicago Works priority high`.';
  const what = describeRule(rule);
  if (command.kind === 'unset') {
    return (await photos.removeRule(workspace, rule)) === 'removed'
      ? `Photos are no longer required for ${what}.`
      : `There was no photo rule for ${what}. \`/task require-photos\` lists the rules.`;
  }
  switch (await photos.addRule(workspace, rule)) {
    case 'exists':
      return `Photos are already required for ${what}.`;
    case 'full':
      return 'This workspace has as many photo rules as fieldline keeps (50). Remove one first.';
    default:
      return `:camera: From now on, ${what} need at least one photo to be marked Done: their cards' *Done* points to *Complete with photos*.`;
  }
}

/**
 * Why the plain Done may not complete this task, or undefined. The workspace's rules (the store), then — only when
 * there are rules — the task as this person last saw it (their snapshot in the store; a read with their own key
 * only when fieldline has none): the refusal comes before any change on the platform, and normally before any
 * platform call at all.
 */
export async function photoRefusal(
  deps: Pick<Deps, 'store' | 'tasks'>,
  workspace: string | undefined,
  taskId: string,
): Promise<string | undefined> {
  if (!workspace) return undefined;
  const rules = await createPhotoStore(deps.store).rules(workspace);
  if (rules.length === 0) return undefined;
  const task = await deps.tasks.get(taskId);
  if (!task) return undefined;
  const rule = photoRuleFor(rules, task);
  return rule ? photoRequiredText(task.name, describeRule(rule)) : undefined;
}
