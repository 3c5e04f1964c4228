/**
 * shortcuts: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerUploadFiles } from '../files/slack/upload-files.ts';
import { registerShareToFeed } from '../posts/slack/share-to-feed.ts';
import { registerImportReadings } from '../readings/slack/import-readings.ts';

export function register(app: App, deps: Deps): void {
  registerUploadFiles(app, deps);
  registerShareToFeed(app, deps);
  registerImportReadings(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
