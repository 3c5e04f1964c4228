/**
 * shortcuts: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { registerNewTaskShortcut } from './new-task.ts';
import { registerCreateTaskFromMessage } from './create-task-from-message.ts';
import { registerUploadFiles } from '../../files/slack/upload-files.ts';
import { registerShareToFeed } from '../../posts/slack/share-to-feed.ts';
import { registerImportReadings } from '../../readings/slack/import-readings.ts';

export function register(app: App, deps: Deps): void {
  registerUploadFiles(app, deps);
  registerShareToFeed(app, deps);
  registerImportReadings(app, deps);
  registerNewTaskShortcut(app, deps);
  registerCreateTaskFromMessage(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
