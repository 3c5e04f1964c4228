/**
 * What each slash command offers, in one place: the help texts (and the manifest's descriptions and usage
 * hints, checked by test/manifest.test.ts). Feature handlers add lines here when they add subcommands.
 */
export type CommandName = '/task' | '/reading' | '/source' | '/post' | '/monitor';

export interface CommandHelp {
  command: CommandName;
  /** One line: what the command is for (also the manifest's description). */
  summary: string;
  /** The manifest's usage hint. */
  usageHint: string;
  /** `usage` is shown as code; `<…>` are placeholders, `[…]` optional parts. */
  lines: { usage: string; what: string }[];
  /** Shortcuts and buttons that go with the command. */
  seeAlso?: string;
}

export const COMMAND_HELP: Record<CommandName, CommandHelp> = {
  '/task': {
    command: '/task',
    summary: 'Create and track monitoring platform tasks',
    usageHint: 'new <title> | list [open|mine|overdue|all] [site <name>] | help',
    lines: [
      { usage: '/task', what: 'open the form to create a task' },
      { usage: '/task new <title>', what: 'open the form with the title filled in' },
      {
        usage: '/task list [open|mine|overdue|all] [site <name>] [priority high|medium|low]',
        what: 'list open tasks, overdue first (`all` includes Done and Cancelled)',
      },
      { usage: '/task help', what: 'show this help' },
    ],
    seeAlso: 'Shortcuts: *New task* (⚡ menu) and *Create task from message* (a message’s ⋯ menu).',
  },
  '/reading': {
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
    seeAlso:
      'Shortcut: *Import readings* on a message with a CSV file (or send the CSV to fieldline in a DM).',
  },
  '/source': {
    command: '/source',
    summary: 'Find data sources (meters, sensors, cameras) and their status',
    usageHint: '<search text> | file <file id> | help',
    lines: [
      { usage: '/source <text>', what: 'search data sources by name' },
      { usage: '/source file <file id>', what: 'bring a platform file into this conversation' },
      { usage: '/source help', what: 'show this help' },
    ],
  },
  '/post': {
    command: '/post',
    summary: 'Share a note to the monitoring platform’s feed',
    usageHint: '[text] | help',
    lines: [
      { usage: '/post [text]', what: 'open the feed post form, with your text filled in' },
      { usage: '/post help', what: 'show this help' },
    ],
    seeAlso: 'Shortcuts: *Share to feed* and *Upload files to the platform* (a message’s ⋯ menu).',
  },
  '/monitor': {
    command: '/monitor',
    summary: 'Subscribe this channel to device alerts and task changes',
    usageHint:
      'subscribe alerts|tasks [site <name>] | unsubscribe | list | status | digest at|now|off | help',
    lines: [
      {
        usage: '/monitor subscribe alerts [site <name>…] [severity warning|critical]',
        what: 'device alerts here',
      },
      {
        usage: '/monitor subscribe tasks [site <name>…] [priority high|medium|low]',
        what: 'task changes here',
      },
      { usage: '/monitor unsubscribe alerts|tasks [site <name>…]', what: 'stop a subscription' },
      { usage: '/monitor list', what: 'this channel’s subscriptions' },
      { usage: '/monitor status', what: 'when the platform was last checked, lag and errors' },
      {
        usage: '/monitor digest at 06:00,14:00,22:00 [site <name>…]',
        what: 'a shift handover digest here at each site’s local shift changes (admins)',
      },
      { usage: '/monitor digest now', what: 'post the current shift handover digest here' },
      { usage: '/monitor digest off', what: 'stop the shift handover digest' },
      { usage: '/monitor help', what: 'show this help' },
    ],
  },
};

export const COMMAND_NAMES = Object.keys(COMMAND_HELP) as CommandName[];
