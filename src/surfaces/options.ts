/**
 * options: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerFileTargetOptions } from '../files/slack/file-target.ts';
import { registerPostChannelOptions } from '../posts/slack/post-channel.ts';
import { registerReadingImportSourceOptions } from '../readings/slack/reading-import-source.ts';

export function register(app: App, deps: Deps): void {
  registerFileTargetOptions(app, deps);
  registerPostChannelOptions(app, deps);
  registerReadingImportSourceOptions(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
