/** What /round and /handover offer: their help, the manifest's description and usage hint. */
import type { CommandHelp } from '../../kit/help/commands.ts';

export const ROUND_HELP: CommandHelp = {
  command: '/round',
  summary: 'Schedule rounds: a form or meter readings due at set times',
  usageHint:
    'add <form> at <times> [on <days>] [to <who>] [limit <field> <min>..<max>] | list | remove <n> | help',
  lines: [
    {
      usage: '/round add <form> at 08:00,14:00 [on mon-fri] [window 60m] [to #channel|@person|@group]',
      what: 'a round of that form, due at those times in the site’s own time zone (admins)',
    },
    {
      usage: '/round add <meter> metrics Temperature, Pressure at 08:00',
      what: 'a round of readings of a meter’s metrics instead of a form',
    },
    {
      usage: '… limit "Oil Level" 20..80 [create tasks]',
      what: 'a value outside its limits is marked, and a task is offered (or created at once with `create tasks`)',
    },
    { usage: '/round list', what: 'the rounds, their times, who does them and how often they were done' },
    { usage: '/round remove <n>', what: 'remove round number n of the list (admins)' },
    { usage: '/round help', what: 'show this help' },
  ],
  seeAlso:
    'When a round is due it is posted with *Start*; a round not done within its window is reminded once and shows ' +
    'as missed in the shift digest. App Home shows each round’s last completion and its rate over 7 days.',
};

export const HANDOVER_HELP: CommandHelp = {
  command: '/handover',
  summary: 'Hand the shift over: fill in the handover, the next shift accepts it',
  usageHint: '[site] | setup site <name> [accept 30m] [before 30m] [group @group] | off <site> | help',
  lines: [
    { usage: '/handover [site]', what: 'fill in the handover of this channel’s site (its form, or a note)' },
    {
      usage: '/handover setup site <name> [accept 30m] [before 30m] [group @shift-leads]',
      what: 'hand over in this channel at its digest’s shift changes (admins; `/monitor digest at …` sets the times)',
    },
    { usage: '/handover off <site>', what: 'stop handovers of that site in this channel (admins)' },
    { usage: '/handover help', what: 'show this help' },
  ],
  seeAlso:
    'Before each shift change the outgoing lead is offered the handover; the digest at the change carries it with ' +
    '*Accept handover*. Not accepted in time: one reminder in the channel (and to the group).',
};

/** The slash commands of this feature, with their help (the manifest lists the same). */
export const COMMANDS = [ROUND_HELP, HANDOVER_HELP];
