/**
 * Where completing a task needs at least one photo (issue 40, photo evidence). Pure. A workspace admin sets rules
 * per site, per priority, or per site and priority; a task needs photos when any rule matches it.
 *
 *   /task require-photos                       the rules in force
 *   /task require-photos site <name> [priority high|medium|low]
 *   /task require-photos priority high
 *   /task require-photos site <name> [priority …] off     removes that rule
 *   /task require-photos off                   removes every rule
 */
import { priorityByKeyword } from './priority.ts';

export interface PhotoRule {
  /** Absent: every site. */
  siteId?: string;
  /** The site's name when the rule was set (for the list; the id decides). */
  siteName?: string;
  /** Absent: every priority. */
  priorityId?: string;
}

export const MAX_PHOTO_RULES = 50;

export const REQUIRE_PHOTOS_USAGE = '/task require-photos [site <name>] [priority high|medium|low] [off]';

export type RequirePhotosCommand =
  | { kind: 'list' }
  | { kind: 'set'; siteText?: string; priorityId?: string }
  | { kind: 'unset'; siteText?: string; priorityId?: string }
  | { kind: 'clear' }
  | { kind: 'invalid'; message: string };

function tokenize(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|“([^”]*)”|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

/** The words after `/task require-photos`. */
export function parseRequirePhotos(text: string): RequirePhotosCommand {
  const tokens = tokenize(text.trim());
  if (tokens.length === 0) return { kind: 'list' };
  let off = false;
  if ((tokens.at(-1) ?? '').toLowerCase() === 'off') {
    off = true;
    tokens.pop();
  }
  if (off && tokens.length === 0) return { kind: 'clear' };
  let siteText: string | undefined;
  let priorityId: string | undefined;
  for (let i = 0; i < tokens.length; i++) {
    const word = (tokens[i] ?? '').toLowerCase();
    if (word === 'site') {
      const name: string[] = [];
      while (i + 1 < tokens.length && (tokens[i + 1] ?? '').toLowerCase() !== 'priority')
        name.push(tokens[++i] ?? '');
      if (name.join(' ').trim() === '')
        return { kind: 'invalid', message: '`site` needs a site name, e.g. `site Chicago Works`.' };
      if (siteText !== undefined) return { kind: 'invalid', message: 'Give `site` only once.' };
      siteText = name.join(' ').trim();
    } else if (word === 'priority') {
      const value = (tokens[++i] ?? '').toLowerCase();
      const p = priorityByKeyword(value);
      if (!p)
        return {
          kind: 'invalid',
          message: `\`priority\` must be high, medium or low${value ? ` (got \`${value}\`)` : ''}.`,
        };
      if (priorityId !== undefined) return { kind: 'invalid', message: 'Give `priority` only once.' };
      priorityId = p.id;
    } else {
      return {
        kind: 'invalid',
        message: `I don't understand \`${(tokens[i] ?? '').slice(0, 40)}\` here. Name a site, a priority, or both.`,
      };
    }
  }
  const what = {
    ...(siteText !== undefined ? { siteText } : {}),
    ...(priorityId !== undefined ? { priorityId } : {}),
  };
  return off ? { kind: 'unset', ...what } : { kind: 'set', ...what };
}

/** Same rule (same site and priority, whatever the site was called then). */
export function sameRule(a: PhotoRule, b: PhotoRule): boolean {
  return (a.siteId ?? '') === (b.siteId ?? '') && (a.priorityId ?? '') === (b.priorityId ?? '');
}

/** The first rule that asks this task for photos, if any. */
export function photoRuleFor(
  rules: readonly PhotoRule[],
  task: { site?: { id: string } | null; priority?: { id: string } | null },
): PhotoRule | undefined {
  return rules.find(
    (r) =>
      (r.siteId === undefined || r.siteId === task.site?.id) &&
      (r.priorityId === undefined || r.priorityId === task.priority?.id),
  );
}
