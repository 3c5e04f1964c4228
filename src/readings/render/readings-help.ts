/** What /reading and /source offer: help texts, manifest descriptions and usage hints (test/manifest.unit.test.ts). */
import type { CommandHelp } from '../../kit/help/commands.ts';
import { DEFAULT_SHIFT_TIMES } from '../rules/shift-window.ts';

/**
 * Every range /reading accepts, once: the help below, the README's list and the examples in messages come from
 * here (test/readings/range-forms.unit.test.ts parses each example). All in the site's time zone; every range
 * includes its start and excludes its end, so "yesterday" is 00:00 up to (not including) today's 00:00.
 */
export const RANGE_FORMS: readonly { forms: string; what: string }[] = [
  { forms: '24h · 1h … 744h · last 24 hours', what: 'the last hours, up to now (the default is 24h)' },
  { forms: '7d · 1d … 366d · last 7 days', what: 'the last days, up to now' },
  { forms: 'today · yesterday', what: 'that whole day' },
  { forms: '2026-10-25', what: 'that whole day' },
  {
    forms: '2026-11-01..2026-11-07 · from 2026-11-01 to 2026-11-07',
    what: 'whole days, the last one included',
  },
  {
    forms: '2026-11-01 08:00..2026-11-01 16:00 · from 2026-11-01 08:00 to 2026-11-01 16:00',
    what: 'from one time up to another',
  },
  { forms: 'this week · last week', what: 'Monday to Sunday (this week: up to now)' },
  {
    forms: 'since yesterday · since Monday',
    what: 'from that day’s 00:00 up to now (a weekday: the most recent one, today if it is that day)',
  },
  { forms: 'since 06:00', what: 'from today’s 06:00 up to now (yesterday’s, if 06:00 is still ahead)' },
  { forms: 'since 2026-11-01 · since 2026-11-01 08:00', what: 'from that day or time up to now' },
  {
    forms: 'this shift',
    what:
      `from the latest shift change up to now: the channel’s shift handover times (\`/monitor digest at\`), ` +
      `else ${DEFAULT_SHIFT_TIMES.join(', ')}`,
  },
];

/** Every example of RANGE_FORMS, one by one (what the tests parse). */
export function rangeFormExamples(): string[] {
  return RANGE_FORMS.flatMap((f) => f.forms.split(' · ')).filter((f) => !f.includes('…'));
}

export const READING_HELP: CommandHelp = {
  command: '/reading',
  summary: 'Latest readings, statistics and a chart for a data source',
  usageHint:
    '<source name or id> [24h|7d|today|yesterday|this shift|since Monday|YYYY-MM-DD|from..to] [export]',
  lines: [
    { usage: '/reading <source>', what: 'latest reading and the last 24 h' },
    { usage: '/reading <source> <range>', what: 'a range, one of these (in the site’s time zone):' },
    ...RANGE_FORMS.map((f) => ({ usage: f.forms, what: f.what })),
    { usage: '/reading <source> <range> export', what: 'the readings as a CSV file' },
    { usage: '/reading help', what: 'show this help' },
  ],
  seeAlso:
    'A range includes its start and not its end: `yesterday` is 00:00 up to today’s 00:00. ' +
    'Shortcut: *Import readings* on a message with a CSV file (or send the CSV to fieldline in a DM).',
};

export const SOURCE_HELP: CommandHelp = {
  command: '/source',
  summary: 'Find data sources (meters, sensors, cameras) and their status',
  usageHint: '<search text> | file <file id> | help',
  lines: [
    { usage: '/source <text>', what: 'search data sources by name' },
    { usage: '/source file <file id>', what: 'bring a platform file into this conversation' },
    { usage: '/source help', what: 'show this help' },
  ],
};
