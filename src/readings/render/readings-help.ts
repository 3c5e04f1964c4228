/** What /reading and /source offer: help texts, manifest descriptions and usage hints (test/manifest.unit.test.ts). */
import type { CommandHelp } from '../../kit/help/commands.ts';

export const READING_HELP: CommandHelp = {
  command: '/reading',
  summary: 'Latest readings, statistics and a chart for a data source',
  usageHint: '<source name or id> [1h|24h|7d|30d|today|yesterday|YYYY-MM-DD|from..to] [export]',
  lines: [
    { usage: '/reading <source>', what: 'latest reading and the last 24 h' },
    { usage: '/reading <source> 7d', what: 'a range: 1h, 24h, 7d, 30d, today, yesterday' },
    { usage: '/reading <source> 2026-10-25', what: 'that whole day in the site’s time zone' },
    {
      usage: '/reading <source> 2026-11-01..2026-11-07',
      what: 'dates or date-times (2026-11-01 08:00..2026-11-01 16:00), in the site’s time zone',
    },
    {
      usage: '/reading <source> last week',
      what: 'also this week, last 7 days, since 2026-11-01, from 2026-11-20 to 2026-11-21',
    },
    { usage: '/reading <source> <range> export', what: 'the readings as a CSV file' },
    { usage: '/reading help', what: 'show this help' },
  ],
  seeAlso: 'Shortcut: *Import readings* on a message with a CSV file (or send the CSV to fieldline in a DM).',
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
