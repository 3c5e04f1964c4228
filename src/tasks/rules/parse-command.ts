/**
 * `/task` text → what to do. Pure. Grammar:
 *   (empty) | new <title> | help | list [open|mine|overdue|all] [site <name…>] [priority high|medium|low]
 *   | require-photos [site <name…>] [priority high|medium|low] [off]   (photo-rules.ts)
 * A site name runs until the next keyword; quotes are allowed ("site "North Plant"").
 */
import { priorityByKeyword } from './priority.ts';
import type { ListScope } from '../service/task-service.ts';
import { parseRequirePhotos, REQUIRE_PHOTOS_USAGE, type RequirePhotosCommand } from './photo-rules.ts';

export interface ListRequest {
  scope: ListScope;
  siteText?: string;
  priorityId?: string;
}

export type TaskCommand =
  | { kind: 'create'; title?: string }
  | { kind: 'list'; request: ListRequest }
  | { kind: 'require-photos'; command: Exclude<RequirePhotosCommand, { kind: 'invalid' }> }
  | { kind: 'help' }
  | { kind: 'unknown'; text: string }
  | { kind: 'invalid'; message: string; usage?: string };

const SCOPES: readonly ListScope[] = ['open', 'mine', 'overdue', 'all'];
export const LIST_USAGE = '/task list [open|mine|overdue|all] [site <name>] [priority high|medium|low]';

function tokenize(text: string): string[] {
  return [...text.matchAll(/"([^"]*)"|“([^”]*)”|(\S+)/g)].map((m) => m[1] ?? m[2] ?? m[3] ?? '');
}

export function parseListArgs(
  text: string,
): { ok: true; request: ListRequest } | { ok: false; message: string } {
  const tokens = tokenize(text);
  // No scope = open tasks: what a supervisor works from; `all` still shows Done and Cancelled ones.
  const request: ListRequest = { scope: 'open' };
  let scopeSet = false;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] ?? '';
    const word = token.toLowerCase();
    const scope = SCOPES.find((s) => s === word);
    if (scope) {
      if (scopeSet)
        return {
          ok: false,
          message: `Choose one of open, mine, overdue, all (got both \`${request.scope}\` and \`${word}\`).`,
        };
      request.scope = scope;
      scopeSet = true;
    } else if (word === 'site') {
      const name: string[] = [];
      while (i + 1 < tokens.length && !['priority', ...SCOPES].includes((tokens[i + 1] ?? '').toLowerCase()))
        name.push(tokens[++i] ?? '');
      if (name.join(' ').trim() === '')
        return { ok: false, message: '`site` needs a site name, e.g. `site North`.' };
      if (request.siteText !== undefined) return { ok: false, message: 'Give `site` only once.' };
      request.siteText = name.join(' ').trim();
    } else if (word === 'priority') {
      const value = (tokens[++i] ?? '').toLowerCase();
      const id = priorityByKeyword(value)?.id;
      if (!id)
        return {
          ok: false,
          message: `\`priority\` must be high, medium or low${value ? ` (got \`${value}\`)` : ''}.`,
        };
      request.priorityId = id;
    } else {
      return { ok: false, message: `I don't understand \`${token}\` in the list filter.` };
    }
  }
  return { ok: true, request };
}

export function parseTaskCommand(text: string): TaskCommand {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'create' };
  const [head = '', ...rest] = trimmed.split(/\s+/);
  const args = trimmed.slice(head.length).trim();
  switch (head.toLowerCase()) {
    case 'new':
    case 'create':
      return args ? { kind: 'create', title: args } : { kind: 'create' };
    case 'help':
    case '?':
    case '-h':
    case '--help':
      return { kind: 'help' };
    case 'list':
    case 'ls': {
      const parsed = parseListArgs(rest.length ? args : '');
      return parsed.ok
        ? { kind: 'list', request: parsed.request }
        : { kind: 'invalid', message: parsed.message };
    }
    case 'require-photos': {
      const command = parseRequirePhotos(args);
      return command.kind === 'invalid'
        ? { kind: 'invalid', message: command.message, usage: REQUIRE_PHOTOS_USAGE }
        : { kind: 'require-photos', command };
    }
    default:
      return { kind: 'unknown', text: trimmed };
  }
}
