/** A command that so far only explains itself: `help`, empty and unknown text all answer the usage, ephemerally. */
import type { App } from '@slack/bolt';
import { COMMAND_HELP, type CommandName } from './commands.ts';
import { helpReply } from './render-help.ts';

export function registerHelpOnlyCommand(app: App, command: CommandName): void {
  app.command(command, async ({ ack, command: payload }) => {
    await ack(helpReply(COMMAND_HELP[command], payload.text));
  });
}
