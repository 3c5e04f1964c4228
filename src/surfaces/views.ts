/**
 * views: one file per handler; this index registers them. Add one import and one call per handler.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerFileUploadSubmit } from '../files/slack/file-upload-submit.ts';
import { registerPostSubmit } from '../posts/slack/post-submit.ts';
import { registerReadingEntrySubmit } from '../readings/slack/reading-entry-submit.ts';
import { registerSourceDeviceStatusSubmit } from '../readings/slack/source-device-status-submit.ts';
import { registerReadingImportSubmit } from '../readings/slack/reading-import-submit.ts';

export function register(app: App, deps: Deps): void {
  registerFileUploadSubmit(app, deps);
  registerPostSubmit(app, deps);
  registerReadingEntrySubmit(app, deps);
  registerSourceDeviceStatusSubmit(app, deps);
  registerReadingImportSubmit(app, deps);
  // one call per handler, e.g. registerX(app, deps);
}
