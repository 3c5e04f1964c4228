/** What /form offers: its help, the manifest's description and usage hint (test/manifest.unit.test.ts). */
import type { CommandHelp } from '../../kit/help/commands.ts';

export const FORM_HELP: CommandHelp = {
  command: '/form',
  summary: 'Fill in one of the platform’s forms (rounds, checklists)',
  usageHint: '[form name] | help',
  lines: [
    { usage: '/form', what: 'the forms you can fill in, each with a Fill in button' },
    {
      usage: '/form <name>',
      what: 'open that form, e.g. `/form Daily Safety Round` (a near miss offers the closest names)',
    },
    { usage: '/form help', what: 'show this help' },
  ],
  seeAlso:
    'Also *Fill in* on a form’s `/source` card and *Fill in a form* on fieldline’s App Home. A form you close half-way ' +
    'keeps what you typed until the end of your shift (06:00, 14:00, 22:00 site time).',
};

/** The slash commands of this feature, with their help (the manifest lists the same). */
export const COMMANDS = [FORM_HELP];
