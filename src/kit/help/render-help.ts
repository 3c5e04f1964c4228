/** Block Kit for a command's help (pure). */
import type { KnownBlock } from '@slack/types';
import { escapeMrkdwn, safeText } from '../blocks/mrkdwn.ts';
import type { CommandHelp } from './commands.ts';

export interface HelpMessage {
  response_type: 'ephemeral';
  text: string;
  blocks: KnownBlock[];
}

/** `notice` (already plain text, e.g. "I don't know `/task frobnicate`") goes above the usage lines. */
export function renderCommandHelp(help: CommandHelp, notice?: string): HelpMessage {
  const blocks: KnownBlock[] = [];
  if (notice) blocks.push({ type: 'section', text: { type: 'mrkdwn', text: safeText(notice, 3000) } });
  blocks.push({
    type: 'section',
    text: { type: 'mrkdwn', text: `*${help.command}* — ${escapeMrkdwn(help.summary)}` },
  });
  const lines = help.lines.map((l) => `• \`${escapeMrkdwn(l.usage)}\` — ${escapeMrkdwn(l.what)}`);
  blocks.push({ type: 'section', text: { type: 'mrkdwn', text: lines.join('\n') } });
  if (help.seeAlso) blocks.push({ type: 'context', elements: [{ type: 'mrkdwn', text: help.seeAlso }] });
  const text = [
    notice,
    `${help.command} — ${help.summary}`,
    ...help.lines.map((l) => `${l.usage} — ${l.what}`),
  ]
    .filter(Boolean)
    .join('\n');
  return { response_type: 'ephemeral', text: safeText(text, 3000), blocks };
}

/** The help for `text` typed after the command: `help` and empty text show it plainly, anything else notes it. */
export function helpReply(help: CommandHelp, text: string): HelpMessage {
  const typed = text.trim();
  if (typed === '' || /^(help|\?|-h|--help)$/i.test(typed)) return renderCommandHelp(help);
  const shown = typed.length > 80 ? `${Array.from(typed).slice(0, 79).join('')}…` : typed;
  return renderCommandHelp(
    help,
    `I don't know \`${help.command} ${shown}\`. Here is what ${help.command} can do:`,
  );
}
