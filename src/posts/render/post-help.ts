/** What /post offers: its help text (and the manifest's description and usage hint). */
import type { CommandHelp } from '../../kit/help/commands.ts';

export const POST_HELP: CommandHelp = {
  command: '/post',
  summary: 'Share a note to the monitoring platform’s feed',
  usageHint: '[text] | help',
  lines: [
    { usage: '/post [text]', what: 'open the feed post form, with your text filled in' },
    { usage: '/post help', what: 'show this help' },
  ],
  seeAlso: 'Shortcuts: *Share to feed* and *Upload files to the platform* (a message’s ⋯ menu).',
};
