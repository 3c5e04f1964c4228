/**
 * When `/reading <text>` names no data source as a whole: the ways to read it as `<source> <range>` (longest
 * source first), and — once a source is found — exactly what about the rest is not a range, with a fix where one
 * is plain. Pure.
 */
import { parseReadingArgs, parseWallClock, ReadingRangeError } from './range.ts';

export interface SourceSplit {
  sourceQuery: string;
  rangeText: string;
}

/** At most this many source names are tried (each is a platform search). */
export const MAX_SPLITS = 4;

export function sourceSplits(text: string, max = MAX_SPLITS): SourceSplit[] {
  const words = text.trim().split(/\s+/).filter(Boolean);
  const out: SourceSplit[] = [];
  for (let i = words.length - 1; i >= 1 && out.length < max; i--) {
    out.push({ sourceQuery: words.slice(0, i).join(' '), rangeText: words.slice(i).join(' ') });
  }
  return out;
}

export interface RangeExplanation {
  /** What was not understood, quoting the user's words. */
  problem: string;
  /** The range as it was probably meant, when that is plain (e.g. "24h export" for "24h export please"). */
  fix: string | null;
}

function dateProblem(text: string): string | null {
  try {
    parseWallClock(text);
    return null;
  } catch (err) {
    if (err instanceof ReadingRangeError) return err.message;
    throw err;
  }
}

const ONE_WORD = [/^\d{1,4}[hd]$/i, /^today$/i, /^yesterday$/i, /^\d{4}-\d{2}-\d{2}$/, /^\S+\.\.\S+$/];
const DATE_HINT = 'use YYYY-MM-DD, or YYYY-MM-DD HH:mm';

function isRange(text: string): boolean {
  try {
    return parseReadingArgs(`source ${text}`).range.kind !== 'default';
  } catch {
    return false;
  }
}

/** Day words `since` understands (`since yesterday`, `since Monday`), which `from … to …` does not. */
const DAY_WORD =
  /^(today|yesterday|mon|tue|tues|wed|thu|thur|thurs|fri|sat|sun)(day|sday|nesday|rsday|urday)?$/i;

export function explainRange(rangeText: string): RangeExplanation {
  const words = rangeText.trim().split(/\s+/).filter(Boolean);
  const wantsExport = words.some((w) => w.toLowerCase() === 'export');
  const rest = words.filter((w) => w.toLowerCase() !== 'export').join(' ');
  const withExport = (fix: string | null) => (fix && wantsExport ? `${fix} export` : fix);
  const from = /^from(?:\s+(.*))?$/i.exec(rest);
  if (from) {
    // "to" may end the text: in `from yesterday to today` the trailing `today` was read as the range.
    const [a = '', b] = (from[1] ?? '').split(/\s+to(?:\s+|$)/i);
    if (a === '') return { problem: '“from” needs a date: from 2026-11-20 to 2026-11-21', fix: null };
    if (DAY_WORD.test(a))
      return {
        problem: `“from … to …” takes dates (${DATE_HINT}); for ${a} until now say “since ${a}”`,
        fix: withExport(`since ${a}`),
      };
    if (dateProblem(a)) return { problem: `“${a}” after “from” is not a date (${DATE_HINT})`, fix: null };
    if (!b)
      return { problem: `“from ${a}” needs an end: from ${a} to <date>`, fix: withExport(`since ${a}`) };
    if (dateProblem(b)) return { problem: `“${b}” after “to” is not a date (${DATE_HINT})`, fix: null };
    return { problem: `give both ends as dates, or both as date-times: “${rest}”`, fix: null };
  }
  const since = /^since(?:\s+(.*))?$/i.exec(rest);
  if (since) {
    const a = since[1] ?? '';
    const forms = 'since yesterday, since Monday, since 06:00 or since 2026-11-01';
    return {
      problem: a
        ? `“${a}” after “since” is not a day or time I understand: say ${forms}`
        : `“since” needs a start: ${forms}`,
      fix: null,
    };
  }
  if (/^(last|this|past|previous|next)\b/i.test(rest)) {
    return {
      problem: `“${rest}” is not a range I understand: say this shift, this week, last week, last 7 days or last 24 hours`,
      fix: null,
    };
  }
  const known = words.filter((w) => w.toLowerCase() !== 'export' && ONE_WORD.some((re) => re.test(w)));
  const unknown = words.filter((w) => w.toLowerCase() !== 'export' && !known.includes(w));
  if (known.length > 0 && unknown.length > 0) {
    const fix = known.join(' ');
    const quoted = unknown.map((w) => `“${w}”`).join(', ');
    return {
      problem: `${quoted} ${unknown.length > 1 ? 'are' : 'is'} not part of a range`,
      fix: isRange(fix) ? withExport(fix) : null,
    };
  }
  return { problem: `“${rest || rangeText}” is not a range I understand`, fix: null };
}

/** Two ranges to show as examples: the fix when there is one, and a pair of dates ending on `today`. */
export function rangeExamples(explained: RangeExplanation, today: string): [string, string] {
  const d = new Date(`${today}T00:00:00Z`);
  const yesterday = new Date(d.getTime() - 86_400_000).toISOString().slice(0, 10);
  const dates = `from ${yesterday} to ${today}`;
  return [explained.fix ?? 'last 7 days', dates];
}
