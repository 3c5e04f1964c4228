/** What `/monitor` offers: its help text, the manifest's description and usage hint (test/manifest.unit.test.ts). */
import type { CommandHelp } from '../../kit/help/commands.ts';

export const MONITOR_HELP: CommandHelp = {
  command: '/monitor',
  summary: 'Subscribe this channel to device alerts and task changes',
  usageHint: 'subscribe alerts|tasks [site <name>] | unsubscribe | list | status | digest at|now|off | help',
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
    {
      usage: '/monitor status',
      what: 'when alerts were last checked, failures, what waits to be posted here (Details: the figures)',
    },
    {
      usage: '/monitor digest at 06:00,14:00,22:00 [site <name>…]',
      what: 'a shift handover digest here at each site’s local shift changes (admins)',
    },
    { usage: '/monitor digest now', what: 'post the current shift handover digest here' },
    { usage: '/monitor digest off', what: 'stop the shift handover digest' },
    {
      usage: '/monitor audit [site] [24h|7d|2026-12-01]',
      what: 'what was changed through fieldline (admins)',
    },
    { usage: '/monitor help', what: 'show this help' },
  ],
};
