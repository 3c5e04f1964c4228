/** What /task offers: its help text, the manifest's description and usage hint (test/manifest.unit.test.ts). */
import type { CommandHelp } from '../../kit/help/commands.ts';

export const TASK_HELP: CommandHelp = {
  command: '/task',
  summary: 'Create and track monitoring platform tasks',
  usageHint: 'new <title> | list [open|mine|overdue|all] [site <name>] | require-photos | help',
  lines: [
    { usage: '/task', what: 'open the form to create a task' },
    { usage: '/task new <title>', what: 'open the form with the title filled in' },
    {
      usage: '/task list [open|mine|overdue|all] [site <name>] [priority high|medium|low]',
      what: 'list open tasks, overdue first (`all` includes Done and Cancelled)',
    },
    {
      usage: '/task require-photos [site <name>] [priority high|medium|low] [off]',
      what: 'admins: tasks at that site (or of that priority) need at least one photo to be marked Done — *Complete with photos* on the card; without arguments, the rules in force; `off` removes one (alone: all)',
    },
    { usage: '/task help', what: 'show this help' },
  ],
  seeAlso:
    'Shortcuts: *New task* (⚡ menu) and *Create task from message* (a message’s ⋯ menu). On a task card, *Complete with photos* takes photos from your phone to the platform, then marks the task Done.',
};
