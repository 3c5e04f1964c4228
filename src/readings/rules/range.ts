/**
 * `/reading` time ranges: parsing the words a user types, and resolving them in the data source's
 * site time zone. Pure (the clock is a parameter).
 *
 * Calendar words (`today`, `7d`, a date, `since Monday`, `since 06:00`) follow the site's wall clock, so `today`
 * on a daylight-saving day is 23 or 25 hours long; hour counts (`24h`) are elapsed time. Every range is half-open,
 * [start, end): see `inRange`. The forms people are told about are listed once, in ../render/readings-help.ts.
 */
import { TZDate } from '@date-fns/tz';
import { addDays, addWeeks, startOfDay, startOfWeek, subDays, subHours } from 'date-fns';
import type { TimeRange } from '../../monitoring/api.ts';
import { DEFAULT_SHIFT_RULE, latestWallTime, parseTimeOfDay, type ShiftRule } from './shift-window.ts';
import { formatWallClock } from './wall-clock.ts';

/** Days `since <day>` names: today, yesterday, or a weekday (its most recent one, today included). */
export const SINCE_DAYS = [
  'today',
  'yesterday',
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
] as const;
export type SinceDay = (typeof SINCE_DAYS)[number];

export type RangeSpec =
  | { kind: 'default' }
  | { kind: 'last'; amount: number; unit: 'h' | 'd' }
  | { kind: 'today' }
  | { kind: 'yesterday' }
  | { kind: 'dates'; from: string; to: string }
  | { kind: 'datetimes'; from: string; to: string }
  /** Calendar weeks, Monday to Sunday at the site: `last week` is the whole previous one, `this week` to now. */
  | { kind: 'week'; which: 'last' | 'this' }
  /** `since <date>` or `since <date> <time>`: from that day's start (or that time) at the site until now. */
  | { kind: 'since'; from: string }
  /** `since yesterday`, `since Monday`: from that site-local day's 00:00 until now. */
  | { kind: 'since-day'; day: SinceDay }
  /** `since 06:00`: from today's 06:00 at the site (yesterday's if that is still ahead) until now. */
  | { kind: 'since-time'; time: string }
  /** `this shift`: from the latest shift change at the site until now (the channel's shift times, or the default). */
  | { kind: 'shift' };

export interface ResolvedRange {
  /** Inclusive start, epoch ms. */
  startMs: number;
  /** Exclusive end, epoch ms. */
  endMs: number;
  /**
   * Site-local wall-clock form `YYYY-MM-DDTHH:mm:ss`, as the contract's absolute mode expects: the whole seconds
   * covering [startMs, endMs) (start rounded down, end up). What comes back outside is dropped (`inRange`).
   */
  startLocal: string;
  endLocal: string;
  /** Short human label, e.g. "last 24 h", "today (2026-03-29)". */
  label: string;
  /** File-name friendly label, e.g. "2026-03-29" or "2026-11-01_0800-2026-11-01_1600". */
  slug: string;
  /** Which rule chose the window, when the label alone does not say (`this shift`: whose shift times). */
  note?: string;
}

/**
 * The one boundary rule of a range, the same for the report, the chart and the CSV export: [start, end), so
 * "yesterday" holds yesterday's 00:00 and not today's. The contract leaves startTime/endTime inclusivity unsaid
 * (section 3: "absolute range (ISO 8601 local form such as YYYY-MM-DDTHH:mm:ss)"), so it is applied on our side.
 */
export function inRange(range: Pick<ResolvedRange, 'startMs' | 'endMs'>, atMs: number): boolean {
  return atMs >= range.startMs && atMs < range.endMs;
}

export class ReadingRangeError extends Error {
  readonly code = 'BAD_RANGE';
  constructor(message: string) {
    super(message);
    this.name = 'ReadingRangeError';
  }
}

const MAX_HOURS = 24 * 31;
const MAX_DAYS = 366;
const LOCAL_FORM = 'yyyy-MM-ddTHH:mm:ss';

const DATE = String.raw`(\d{4}-\d{2}-\d{2})`;
const TIME = String.raw`(\d{1,2}:\d{2})`;
const WEEKDAY = String.raw`(today|yesterday|sun|mon|tue|tues|wed|thu|thur|thurs|fri|sat|(?:sun|mon|tues|wednes|thurs|fri|satur)day)`;
const TAIL_PATTERNS: { re: RegExp; build: (m: RegExpMatchArray) => RangeSpec }[] = [
  // the `since …` forms first: "since yesterday" is not "yesterday"
  {
    re: new RegExp(String.raw`(?:^|\s)since ${WEEKDAY}$`, 'i'),
    build: (m) => ({ kind: 'since-day', day: sinceDay(m[1]) }),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)since ${TIME}$`, 'i'),
    build: (m) => ({ kind: 'since-time', time: pad(m[1]) }),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)since ${DATE}[ T]${TIME}$`, 'i'),
    build: (m) => ({ kind: 'since', from: `${m[1]} ${pad(m[2])}` }),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)since ${DATE}$`, 'i'),
    build: (m) => ({ kind: 'since', from: m[1] ?? '' }),
  },
  { re: /(?:^|\s)(?:this|current) shift$/i, build: () => ({ kind: 'shift' }) },
  {
    re: new RegExp(String.raw`(?:^|\s)from ${DATE}[ T]${TIME} to ${DATE}[ T]${TIME}$`, 'i'),
    build: (m) => ({ kind: 'datetimes', from: `${m[1]} ${pad(m[2])}`, to: `${m[3]} ${pad(m[4])}` }),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)from ${DATE} to ${DATE}$`, 'i'),
    build: (m) => ({ kind: 'dates', from: m[1] ?? '', to: m[2] ?? '' }),
  },
  {
    re: /(?:^|\s)(last|this) week$/i,
    build: (m) => ({ kind: 'week', which: m[1]?.toLowerCase() === 'last' ? 'last' : 'this' }),
  },
  {
    re: /(?:^|\s)(?:last|past) (\d{1,4}) (hours?|days?)$/i,
    build: (m) => lastSpec(m[1], m[2]?.toLowerCase().startsWith('d') ? 'd' : 'h'),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)${DATE}[ T]${TIME}\s*\.\.\s*${DATE}[ T]${TIME}$`),
    build: (m) => ({ kind: 'datetimes', from: `${m[1]} ${pad(m[2])}`, to: `${m[3]} ${pad(m[4])}` }),
  },
  {
    re: new RegExp(String.raw`(?:^|\s)${DATE}\s*\.\.\s*${DATE}$`),
    build: (m) => ({ kind: 'dates', from: m[1] ?? '', to: m[2] ?? '' }),
  },
  // one date is that whole day: people type "/reading Boiler 2026-10-25" more often than "d..d"
  {
    re: new RegExp(String.raw`(?:^|\s)${DATE}$`),
    build: (m) => ({ kind: 'dates', from: m[1] ?? '', to: m[1] ?? '' }),
  },
  { re: /(?:^|\s)(\d{1,4})\s?(h|d)$/i, build: (m) => lastSpec(m[1], m[2]) },
  { re: /(?:^|\s)today$/i, build: () => ({ kind: 'today' }) },
  { re: /(?:^|\s)yesterday$/i, build: () => ({ kind: 'yesterday' }) },
];

/** "Mon", "monday", "Thurs" → "monday", "thursday"; "today" and "yesterday" as they are. */
function sinceDay(word: string | undefined): SinceDay {
  const w = (word ?? '').toLowerCase();
  if (w === 'today' || w === 'yesterday') return w;
  return SINCE_DAYS.slice(2).find((d) => d.startsWith(w.slice(0, 3))) ?? 'monday';
}

function pad(time: string | undefined): string {
  const t = time ?? '';
  return t.length === 4 ? `0${t}` : t;
}

function lastSpec(amount: string | undefined, unit: string | undefined): RangeSpec {
  return { kind: 'last', amount: Number(amount), unit: unit?.toLowerCase() === 'd' ? 'd' : 'h' };
}

export interface ReadingArgs {
  /** What names the data source (name or id); may be empty. */
  sourceQuery: string;
  range: RangeSpec;
  export: boolean;
}

/**
 * Splits `/reading` text into source, range and the `export` flag, reading from the end because
 * source names contain spaces. Throws ReadingRangeError for a range that is recognisable but invalid.
 */
export function parseReadingArgs(text: string): ReadingArgs {
  let rest = text.trim().replace(/\s+/g, ' ');
  let wantsExport = false;
  if (/(?:^|\s)export$/i.test(rest)) {
    wantsExport = true;
    rest = rest.replace(/\s?export$/i, '').trim();
  }
  for (const { re, build } of TAIL_PATTERNS) {
    const m = rest.match(re);
    if (!m || m.index === undefined) continue;
    const spec = build(m);
    checkSpec(spec);
    return { sourceQuery: rest.slice(0, m.index).trim(), range: spec, export: wantsExport };
  }
  const unknown = rest.match(UNKNOWN_RANGE_TAIL);
  if (unknown?.[1]) {
    // Not part of a source name: "Main Energy Meter 3 weeks" must not become a search for "… 3 weeks".
    // The answer goes on with the accepted forms (the command's help: ../render/readings-help.ts).
    throw new ReadingRangeError(`“${unknown[1]}” is not a range I understand.`);
  }
  return { sourceQuery: rest, range: { kind: 'default' }, export: wantsExport };
}

/**
 * A tail that looks like a range but matched none of TAIL_PATTERNS: a number with a time unit ("3 weeks", "2hrs",
 * "90 min") or anything around "..". Only unit words count, so names such as "Tank 2 Level" stay names.
 */
const UNKNOWN_RANGE_TAIL = new RegExp(
  String.raw`(?:^|\s)(\d+\s?(?:s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|wks?|weeks?|mo|mos|months?|y|yrs?|years?)|\S*\s?\.\.\s?\S*)$`,
  'i',
);

function checkSpec(spec: RangeSpec): void {
  if (spec.kind === 'last') {
    const max = spec.unit === 'h' ? MAX_HOURS : MAX_DAYS;
    if (!Number.isInteger(spec.amount) || spec.amount < 1 || spec.amount > max) {
      throw new ReadingRangeError(`"${spec.amount}${spec.unit}" is out of range: use 1–${max}${spec.unit}.`);
    }
  }
  if (spec.kind === 'dates' || spec.kind === 'datetimes') {
    for (const part of [spec.from, spec.to]) parseWallClock(part);
  }
  if (spec.kind === 'since') parseWallClock(spec.from);
  if (spec.kind === 'since-time' && !parseTimeOfDay(spec.time))
    throw new ReadingRangeError(`"${spec.time}" is not a time of day (use 00:00 to 23:59).`);
}

interface WallClock {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
}

/** `YYYY-MM-DD` or `YYYY-MM-DD HH:mm` → fields, rejecting impossible dates such as 2026-02-30. */
export function parseWallClock(text: string): WallClock {
  const m = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2}))?$/.exec(text);
  if (!m) throw new ReadingRangeError(`"${text}" is not a date (use YYYY-MM-DD or YYYY-MM-DD HH:mm).`);
  const [y, mo, d, h, mi] = [m[1], m[2], m[3], m[4] ?? '0', m[5] ?? '0'].map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const probe = new Date(Date.UTC(y, mo - 1, d));
  if (probe.getUTCFullYear() !== y || probe.getUTCMonth() !== mo - 1 || probe.getUTCDate() !== d) {
    throw new ReadingRangeError(`"${text}" is not a real calendar date.`);
  }
  if (h > 23 || mi > 59) throw new ReadingRangeError(`"${text}" has an impossible time of day.`);
  return { y, mo, d, h, mi };
}

function at(zone: string, w: WallClock): TZDate {
  return new TZDate(w.y, w.mo - 1, w.d, w.h, w.mi, 0, zone);
}

/** Formats an instant as the site's wall clock in the contract's local form. */
export function toLocalForm(epochMs: number, zone: string): string {
  return formatWallClock(epochMs, zone, LOCAL_FORM);
}

const WEEKDAY_NUMBER: Record<Exclude<SinceDay, 'today' | 'yesterday'>, number> = {
  sunday: 0,
  monday: 1,
  tuesday: 2,
  wednesday: 3,
  thursday: 4,
  friday: 5,
  saturday: 6,
};

const capitalised = (w: string) => `${w.charAt(0).toUpperCase()}${w.slice(1)}`;

/** The site-local 00:00 that `since <day>` starts at: today's, yesterday's, or the most recent such weekday's. */
function sinceDayStart(day: SinceDay, now: TZDate): Date {
  const today = startOfDay(now);
  if (day === 'today') return today;
  if (day === 'yesterday') return subDays(today, 1);
  return subDays(today, (now.getDay() - WEEKDAY_NUMBER[day] + 7) % 7);
}

/** What "this shift" used, said under the answer: the channel's shift changes, or the default ones. */
export function shiftNote(rule: ShiftRule): string {
  const times = rule.times.join(', ');
  return rule.from === 'channel'
    ? `This shift: since the latest of this channel’s shift changes (${times}, site time).`
    : `This shift: since the latest of the default shift changes (${times}, site time); ` +
        '`/monitor digest at …` sets this channel’s own.';
}

/**
 * Resolves a spec against `nowMs` in `zone` (IANA name). `shift` is the rule for `this shift` (default:
 * DEFAULT_SHIFT_RULE). Throws ReadingRangeError when the range is empty or too long.
 */
export function resolveRange(
  spec: RangeSpec,
  zone: string,
  nowMs: number,
  shift: ShiftRule = DEFAULT_SHIFT_RULE,
): ResolvedRange {
  const now = TZDate.tz(zone, nowMs);
  const dayFmt = (d: Date) => formatWallClock(d.getTime(), zone, 'yyyy-MM-dd');
  const minuteFmt = (d: Date | number) => formatWallClock(Number(d), zone, 'yyyy-MM-dd HH:mm');
  let start: Date;
  let end: Date;
  let label: string;
  let slug: string;
  let note: string | undefined;
  switch (spec.kind) {
    case 'default':
    case 'last': {
      const amount = spec.kind === 'default' ? 24 : spec.amount;
      const unit = spec.kind === 'default' ? 'h' : spec.unit;
      end = now;
      start = unit === 'h' ? subHours(now, amount) : subDays(now, amount);
      label = `last ${amount} ${unit === 'h' ? 'h' : amount === 1 ? 'day' : 'days'}`;
      slug = `last-${amount}${unit}`;
      break;
    }
    case 'today':
    case 'yesterday': {
      const today = startOfDay(now);
      start = spec.kind === 'today' ? today : subDays(today, 1);
      end = addDays(start, 1);
      label = `${spec.kind} (${dayFmt(start)})`;
      slug = dayFmt(start);
      break;
    }
    case 'dates': {
      start = at(zone, parseWallClock(spec.from));
      // the end date is included: the range runs to the following local midnight
      end = addDays(at(zone, parseWallClock(spec.to)), 1);
      label = spec.from === spec.to ? spec.from : `${spec.from} to ${spec.to}`;
      slug = spec.from === spec.to ? spec.from : `${spec.from}_${spec.to}`;
      break;
    }
    case 'datetimes': {
      start = at(zone, parseWallClock(spec.from));
      end = at(zone, parseWallClock(spec.to));
      label = `${spec.from} to ${spec.to}`;
      slug = `${spec.from}_${spec.to}`.replace(/[ :]/g, '');
      break;
    }
    case 'week': {
      const monday = startOfWeek(now, { weekStartsOn: 1 });
      start = spec.which === 'this' ? monday : addWeeks(monday, -1);
      end = spec.which === 'this' ? now : monday;
      const last = dayFmt(subDays(spec.which === 'this' ? addWeeks(monday, 1) : monday, 1));
      label = `${spec.which} week (${dayFmt(start)} to ${last})`;
      slug = `week-${dayFmt(start)}`;
      break;
    }
    case 'since': {
      start = at(zone, parseWallClock(spec.from));
      end = now;
      label = `since ${spec.from}`;
      slug = `since-${spec.from}`.replace(/[ :]/g, '');
      break;
    }
    case 'since-day': {
      start = sinceDayStart(spec.day, now);
      end = now;
      label = `since ${spec.day === 'today' || spec.day === 'yesterday' ? spec.day : capitalised(spec.day)} (${dayFmt(start)})`;
      slug = `since-${dayFmt(start)}`;
      break;
    }
    case 'since-time':
    case 'shift': {
      const times = spec.kind === 'shift' ? shift.times : [spec.time];
      const from = latestWallTime(nowMs, zone, times);
      if (from === null)
        throw new ReadingRangeError(
          spec.kind === 'shift'
            ? 'No shift change time is set to start “this shift” from.'
            : `“${spec.time}” is not a time of day (use 00:00 to 23:59).`,
        );
      start = new Date(from);
      end = now;
      const hm = formatWallClock(from, zone, 'HH:mm');
      label = spec.kind === 'shift' ? `this shift (since ${hm})` : `since ${spec.time} (${minuteFmt(start)})`;
      slug = `${spec.kind === 'shift' ? 'shift' : 'since'}-${minuteFmt(start)}`.replace(/[ :]/g, '');
      if (spec.kind === 'shift') note = shiftNote(shift);
      break;
    }
  }
  const startMs = start.getTime();
  const endMs = end.getTime();
  if (endMs <= startMs) throw new ReadingRangeError(`The range ${label} ends before it starts.`);
  if (endMs - startMs > (MAX_DAYS + 1) * 86_400_000)
    throw new ReadingRangeError(`The range ${label} is longer than ${MAX_DAYS} days.`);
  return {
    startMs,
    endMs,
    startLocal: toLocalForm(Math.floor(startMs / 1000) * 1000, zone),
    // rounded up to the whole second, so a reading in the range's last fraction of a second is asked for too
    endLocal: toLocalForm(Math.ceil(endMs / 1000) * 1000, zone),
    label,
    slug,
    ...(note ? { note } : {}),
  };
}

/** The contract's absolute mode (section 3): startTime + endTime in local form. */
export function toTimeRange(range: ResolvedRange): TimeRange {
  return { mode: 'absolute', startTime: range.startLocal, endTime: range.endLocal };
}

/** Falls back to UTC when the source has no (or an unknown) IANA zone. */
// Zone names already checked (a handful per plant); building an Intl.DateTimeFormat per call is costly.
const knownZones = new Map<string, boolean>();

export function zoneOrUtc(name: string | null | undefined): string {
  if (!name) return 'UTC';
  let valid = knownZones.get(name);
  if (valid === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: name });
      valid = true;
    } catch {
      valid = false;
    }
    // bounded: names come from the platform, so a stream of odd ones must not grow it without end
    if (knownZones.size >= 500) knownZones.clear();
    knownZones.set(name, valid);
  }
  return valid ? name : 'UTC';
}
