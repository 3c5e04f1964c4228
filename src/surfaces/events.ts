/**
 * events: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerReadingImportDm } from '../readings/slack/reading-import-dm.ts';
import { registerAppHomeOpened } from '../home/slack/app-home-opened.ts';

export function register(app: App, deps: Deps): void {
  registerReadingImportDm(app, deps);
  registerAppHomeOpened(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
