/**
 * commands: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { registerMonitorCommand } from './monitor.ts';
import { registerPostCommand } from './post.ts';
import { registerReadingCommand } from './reading.ts';
import { registerSourceCommand } from './source.ts';
import { registerTaskCommand } from './task.ts';

export function register(app: App, deps: Deps): void {
  registerTaskCommand(app, deps);
  registerReadingCommand(app, deps);
  registerSourceCommand(app, deps);
  registerPostCommand(app, deps);
  registerMonitorCommand(app, deps);
}
