/**
 * Pure parser of `/monitor` text. Site names may contain spaces: everything after `site` up to the next keyword
 * is one name (`site North Plant site Dock 4`); commas also separate names; quotes keep a keyword in a name.
 */
import { isPriorityKeyword } from '../../tasks/rules/index.ts';
import type { PriorityName } from './model.ts';
import type { Severity } from './types.ts';
import { parseShiftTimes } from './shift-times.ts';

export type MonitorTopic = 'alerts' | 'tasks';

export type MonitorCommand =
  | { kind: 'help' }
  | { kind: 'list' }
  | { kind: 'status' }
  | {
      kind: 'subscribe';
      topic: MonitorTopic;
      sites: string[];
      severity: Severity | null;
      priority: PriorityName | null;
    }
  | { kind: 'unsubscribe'; topic: MonitorTopic | 'all'; sites: string[] }
  | { kind: 'digest-at'; times: string[]; sites: string[] }
  | { kind: 'digest-off' }
  | { kind: 'digest-now' }
  | { kind: 'invalid'; message: string };

const KEYWORDS = new Set(['site', 'sites', 'severity', 'priority']);

function tokenize(text: string): { word: string; quoted: boolean }[] {
  const out: { word: string; quoted: boolean }[] = [];
  const re = /"([^"]*)"|“([^”]*)”|(\S+)/g;
  for (const m of text.matchAll(re)) {
    const quoted = m[1] ?? m[2];
    out.push(quoted !== undefined ? { word: quoted, quoted: true } : { word: m[3] ?? '', quoted: false });
  }
  return out;
}

interface Options {
  sites: string[];
  severity: string | null;
  priority: string | null;
  stray: string[];
}

function readOptions(tokens: { word: string; quoted: boolean }[]): Options {
  const opts: Options = { sites: [], severity: null, priority: null, stray: [] };
  let mode: 'site' | 'severity' | 'priority' | null = null;
  let name: string[] = [];
  const flush = () => {
    if (mode === 'site' && name.length > 0) {
      opts.sites.push(
        ...name
          .join(' ')
          .split(',')
          .map((s) => s.trim())
          .filter((s) => s !== ''),
      );
    }
    name = [];
  };
  for (const t of tokens) {
    const lower = t.word.toLowerCase();
    if (!t.quoted && KEYWORDS.has(lower)) {
      flush();
      mode = lower === 'sites' ? 'site' : (lower as 'site' | 'severity' | 'priority');
      continue;
    }
    if (mode === 'site') name.push(t.word);
    else if (mode === 'severity' && opts.severity === null) opts.severity = lower;
    else if (mode === 'priority' && opts.priority === null) opts.priority = lower;
    else opts.stray.push(t.word);
  }
  flush();
  return opts;
}

const DIGEST_USAGE =
  '`/monitor digest at 06:00,14:00,22:00 [site <name>…]`, `/monitor digest now` or `/monitor digest off`';

/** `digest at <times> [site <name>…]` | `digest now` | `digest off`. */
function parseDigest(tokens: { word: string; quoted: boolean }[]): MonitorCommand {
  const sub = (tokens[0]?.word ?? '').toLowerCase();
  if ((sub === 'now' || sub === 'off') && tokens.length === 1)
    return { kind: sub === 'now' ? 'digest-now' : 'digest-off' };
  if (sub !== 'at') return { kind: 'invalid', message: `Say ${DIGEST_USAGE}.` };
  const at = tokens.slice(1);
  const siteAt = at.findIndex((t) => !t.quoted && ['site', 'sites'].includes(t.word.toLowerCase()));
  const timeWords = (siteAt < 0 ? at : at.slice(0, siteAt)).map((t) => t.word);
  const parsed = parseShiftTimes(timeWords.join(','));
  if (!parsed.ok) return { kind: 'invalid', message: `${parsed.message} Say ${DIGEST_USAGE}.` };
  const opts = readOptions(siteAt < 0 ? [] : at.slice(siteAt));
  if (opts.severity !== null || opts.priority !== null || opts.stray.length > 0)
    return {
      kind: 'invalid',
      message: `After the times only \`site <name>…\` may follow. Say ${DIGEST_USAGE}.`,
    };
  return { kind: 'digest-at', times: parsed.times, sites: opts.sites };
}

function topicOf(word: string | undefined): MonitorTopic | null {
  const w = (word ?? '').toLowerCase();
  if (w === 'alerts' || w === 'alert') return 'alerts';
  if (w === 'tasks' || w === 'task') return 'tasks';
  return null;
}

export function parseMonitorCommand(text: string): MonitorCommand {
  const tokens = tokenize(text.trim());
  const verb = (tokens[0]?.word ?? '').toLowerCase();
  if (verb === '' || verb === 'help' || verb === '?') return { kind: 'help' };
  if (verb === 'list' || verb === 'status') return { kind: verb };
  if (verb === 'digest') return parseDigest(tokens.slice(1));
  if (verb !== 'subscribe' && verb !== 'unsubscribe') {
    return { kind: 'invalid', message: `I don't know \`/monitor ${tokens[0]?.word ?? ''}\`.` };
  }
  const topic = topicOf(tokens[1]?.word);
  if (verb === 'unsubscribe' && (tokens.length === 1 || (tokens[1]?.word ?? '').toLowerCase() === 'all')) {
    return { kind: 'unsubscribe', topic: 'all', sites: [] };
  }
  if (topic === null) {
    return {
      kind: 'invalid',
      message: `Say what to ${verb}: \`/monitor ${verb} alerts\` or \`/monitor ${verb} tasks\`.`,
    };
  }
  const opts = readOptions(tokens.slice(2));
  if (opts.stray.length > 0) {
    return {
      kind: 'invalid',
      message: `I don't understand "${opts.stray.join(' ')}". Put site names after \`site\`, e.g. \`site North Plant\`.`,
    };
  }
  if (verb === 'unsubscribe') {
    if (opts.severity !== null || opts.priority !== null) {
      return { kind: 'invalid', message: 'Unsubscribe takes only `site <name>…`.' };
    }
    return { kind: 'unsubscribe', topic, sites: opts.sites };
  }
  if (topic === 'alerts' && opts.priority !== null)
    return { kind: 'invalid', message: 'Alerts are filtered by `severity warning|critical`, not priority.' };
  if (topic === 'tasks' && opts.severity !== null)
    return { kind: 'invalid', message: 'Tasks are filtered by `priority high|medium|low`, not severity.' };
  if (opts.severity !== null && opts.severity !== 'warning' && opts.severity !== 'critical') {
    return {
      kind: 'invalid',
      message: `Severity must be \`warning\` or \`critical\` (got "${opts.severity}").`,
    };
  }
  if (opts.priority !== null && !isPriorityKeyword(opts.priority)) {
    return {
      kind: 'invalid',
      message: `Priority must be \`high\`, \`medium\` or \`low\` (got "${opts.priority}").`,
    };
  }
  return { kind: 'subscribe', topic, sites: opts.sites, severity: opts.severity, priority: opts.priority };
}
