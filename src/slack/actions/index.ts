/**
 * actions: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { registerFileSend } from './file-send.ts';
import { registerFileRetry } from './file-retry.ts';

export function register(app: App, deps: Deps): void {
  registerFileSend(app, deps);
  registerFileRetry(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
