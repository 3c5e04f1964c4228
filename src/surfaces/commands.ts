/**
 * commands: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerMonitorCommand } from '../alerts/slack/monitor-command.ts';
import { registerPostCommand } from '../posts/slack/post-command.ts';
import { registerReadingCommand } from '../readings/slack/reading-command.ts';
import { registerSourceCommand } from '../readings/slack/source-command.ts';

export function register(app: App, deps: Deps): void {
  registerReadingCommand(app, deps);
  registerSourceCommand(app, deps);
  registerPostCommand(app, deps);
  registerMonitorCommand(app, deps);
}
