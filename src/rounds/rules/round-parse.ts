/**
 * `/round …` and `/handover …` text, pure. Slack escapes mentions when the command asks for it (manifest
 * `should_escape: true`): `<#C…|name>`, `<@U…|name>`, `<!subteam^S…|@handle>`; bare ids are accepted too.
 *
 *   /round add Daily Safety Round at 08:00,14:00 on mon-fri window 60m to <#C…> limit "Oil Level" 20..80 create tasks
 */
import { parseRange } from './limits.ts';
import type { RoundTarget } from './model.ts';
import { EVERY_DAY, parseTimes, parseWeekdays, type Parsed } from './schedule.ts';

export interface RoundAdd {
  name: string;
  times: string[];
  weekdays: number[];
  windowMs: number;
  /** null: the channel the command was typed in. */
  target: RoundTarget | null;
  metrics: string[];
  limits: { field: string; min: number | null; max: number | null }[];
  onOut: 'offer' | 'create';
}

export type RoundCommand =
  | { kind: 'help'; notice?: string }
  | { kind: 'list' }
  | { kind: 'remove'; which: string }
  | { kind: 'add'; add: RoundAdd }
  | { kind: 'invalid'; message: string };

export const DEFAULT_WINDOW_MS = 60 * 60_000;
const MAX_WINDOW_MS = 24 * 60 * 60_000;
const KEYWORDS = new Set(['at', 'on', 'window', 'to', 'metrics', 'limit', 'create', 'offer']);

interface Token {
  text: string;
  quoted: boolean;
}

/** Slack escapes `&`, `<`, `>` in typed text but not in mentions it made: undo only the entities. */
const unescape = (t: string) => t.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

export function tokens(text: string): Token[] {
  const out: Token[] = [];
  const re = /"([^"]*)"|“([^”]*)”|'([^']*)'|(\S+)/g;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const quoted = m[4] === undefined;
    out.push({ text: (m[1] ?? m[2] ?? m[3] ?? m[4] ?? '').trim(), quoted });
  }
  return out;
}

const isKeyword = (t: Token | undefined) =>
  t !== undefined && !t.quoted && KEYWORDS.has(t.text.toLowerCase());

/** `<#C…|x>`, `<@U…>`, `<!subteam^S…|@x>`, or a bare id. */
export function parseTarget(text: string): RoundTarget | null {
  const t = unescape(text.trim());
  let m = /^<#([CG][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(t) ?? /^([CG][A-Z0-9]{6,})$/.exec(t);
  if (m?.[1]) return { kind: 'channel', id: m[1] };
  m = /^<@([UW][A-Z0-9]+)(?:\|[^>]*)?>$/.exec(t) ?? /^([UW][A-Z0-9]{4,})$/.exec(t);
  if (m?.[1]) return { kind: 'person', id: m[1] };
  m = /^<!subteam\^(S[A-Z0-9]+)(?:\|[^>]*)?>$/.exec(t) ?? /^(S[A-Z0-9]{4,})$/.exec(t);
  if (m?.[1]) return { kind: 'group', id: m[1] };
  return null;
}

/** "60m", "90 min", "2h", "45" (minutes). */
export function parseMinutes(text: string): number | null {
  const m = /^(\d{1,4})\s*(m|min|mins|minutes|h|hours?)?$/i.exec(text.trim());
  if (!m) return null;
  const n = Number(m[1]);
  const ms = /^h/i.test(m[2] ?? '') ? n * 3_600_000 : n * 60_000;
  return ms > 0 ? ms : null;
}

function clauses(list: Token[]): { head: Token[]; rest: { key: string; args: Token[] }[] } {
  const head: Token[] = [];
  const rest: { key: string; args: Token[] }[] = [];
  for (const t of list) {
    if (isKeyword(t)) rest.push({ key: t.text.toLowerCase(), args: [] });
    else if (rest.length > 0) rest.at(-1)?.args.push(t);
    else head.push(t);
  }
  return { head, rest };
}

const words = (ts: Token[]) => ts.map((t) => t.text).join(' ');

function parseAdd(list: Token[]): Parsed<RoundAdd> {
  const { head, rest } = clauses(list);
  const name = words(head).trim();
  if (name === '') return { ok: false, message: 'Name the form (or the data source) of the round first.' };
  const add: RoundAdd = {
    name,
    times: [],
    weekdays: EVERY_DAY,
    windowMs: DEFAULT_WINDOW_MS,
    target: null,
    metrics: [],
    limits: [],
    onOut: 'offer',
  };
  for (const { key, args } of rest) {
    const text = words(args);
    if (key === 'at') {
      const times = parseTimes(text);
      if (!times.ok) return times;
      add.times = times.value;
    } else if (key === 'on') {
      const days = parseWeekdays(text);
      if (!days.ok) return days;
      add.weekdays = days.value;
    } else if (key === 'window') {
      const ms = parseMinutes(text);
      if (ms === null || ms > MAX_WINDOW_MS)
        return {
          ok: false,
          message: `“${text}” is not a window like \`window 60m\` or \`window 2h\` (at most 24h).`,
        };
      add.windowMs = ms;
    } else if (key === 'to') {
      const target = parseTarget(text);
      if (!target)
        return {
          ok: false,
          message: `“${text}” is not a channel, a person or a user group (e.g. \`to #rounds\`, \`to @ana\`).`,
        };
      add.target = target;
    } else if (key === 'metrics') {
      add.metrics = text
        .split(',')
        .map((s) => s.trim())
        .filter((s) => s !== '');
    } else if (key === 'limit') {
      const range = args.at(-1);
      const parsed = range ? parseRange(range.text) : null;
      const field = words(args.slice(0, -1)).trim();
      if (!parsed || field === '')
        return {
          ok: false,
          message: `“limit ${text}” should read like \`limit "Oil Level" 20..80\` (or ..80, 20..).`,
        };
      add.limits.push({ field, ...parsed });
    } else if (key === 'create' || key === 'offer') {
      add.onOut = key;
    }
  }
  if (add.times.length === 0)
    return { ok: false, message: 'Say when the round is due, e.g. `at 08:00,14:00`.' };
  return { ok: true, value: add };
}

export function parseRoundCommand(text: string): RoundCommand {
  const list = tokens(text);
  const verb = list[0]?.text.toLowerCase() ?? '';
  if (verb === '' || verb === 'help' || verb === '?') return { kind: 'help' };
  if (verb === 'list') return { kind: 'list' };
  if (verb === 'remove' || verb === 'delete') {
    const which = words(list.slice(1)).trim();
    return which === ''
      ? {
          kind: 'invalid',
          message: 'Say which round to remove: `/round remove 2` (its number in `/round list`).',
        }
      : { kind: 'remove', which };
  }
  if (verb === 'add') {
    const add = parseAdd(list.slice(1));
    return add.ok ? { kind: 'add', add: add.value } : { kind: 'invalid', message: add.message };
  }
  return { kind: 'help', notice: `I don't know \`/round ${text.trim().slice(0, 80)}\`.` };
}

export interface HandoverSetup {
  site: string;
  acceptMs: number | null;
  offerBeforeMs: number | null;
  group: string | null;
}

export type HandoverCommand =
  | { kind: 'help'; notice?: string }
  | { kind: 'fill'; site: string }
  | { kind: 'setup'; setup: HandoverSetup }
  | { kind: 'off'; site: string }
  | { kind: 'invalid'; message: string };

const HANDOVER_KEYS = new Set(['site', 'accept', 'before', 'group']);

/** `/handover [site]`, `/handover setup site <name> [accept 30m] [before 30m] [group <!subteam^S…>]`, `/handover off [site]`. */
export function parseHandoverCommand(text: string): HandoverCommand {
  const list = tokens(text);
  const verb = list[0]?.text.toLowerCase() ?? '';
  if (verb === 'help' || verb === '?') return { kind: 'help' };
  if (verb === 'off') return { kind: 'off', site: words(list.slice(1)) };
  if (verb !== 'setup') return { kind: 'fill', site: words(list) };
  const setup: HandoverSetup = { site: '', acceptMs: null, offerBeforeMs: null, group: null };
  let key = '';
  const args: Record<string, Token[]> = {};
  for (const t of list.slice(1)) {
    if (!t.quoted && HANDOVER_KEYS.has(t.text.toLowerCase())) {
      key = t.text.toLowerCase();
      args[key] = [];
    } else if (key) args[key]?.push(t);
    else
      return {
        kind: 'invalid',
        message: `Start with \`site <name>\`, e.g. \`/handover setup site Chicago Works accept 30m\`.`,
      };
  }
  setup.site = words(args.site ?? []).trim();
  if (setup.site === '') return { kind: 'invalid', message: 'Name the site: `/handover setup site <name>`.' };
  for (const k of ['accept', 'before'] as const) {
    if (!args[k]) continue;
    const ms = parseMinutes(words(args[k]));
    if (ms === null || ms > 12 * 3_600_000)
      return {
        kind: 'invalid',
        message: `“${words(args[k])}” is not a time like \`30m\` or \`1h\` (at most 12h).`,
      };
    if (k === 'accept') setup.acceptMs = ms;
    else setup.offerBeforeMs = ms;
  }
  if (args.group) {
    const target = parseTarget(words(args.group));
    if (target?.kind !== 'group')
      return {
        kind: 'invalid',
        message: `“${words(args.group)}” is not a user group (pick one with @ so it reads like @shift-leads).`,
      };
    setup.group = target.id;
  }
  return { kind: 'setup', setup };
}
