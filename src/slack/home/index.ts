/**
 * home: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';

export function register(_app: App, _deps: Deps): void {
  // one call per handler, e.g. registerX(app, deps);
}
