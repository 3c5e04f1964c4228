/**
 * The files feature: Slack files to the platform through signed uploads (the Upload files shortcut and the files
 * of other flows), and platform files back into Slack (file buttons, `/source file <id>`). `registerFiles`
 * registers every listener; other features import files from this file only.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerFileRetry } from './slack/file-retry.ts';
import { registerFileSend } from './slack/file-send.ts';
import { registerFileTargetOptions } from './slack/file-target.ts';
import { registerFileUploadSubmit } from './slack/file-upload-submit.ts';
import { registerUploadFiles } from './slack/upload-files.ts';

export * from './slack/transfer/index.ts';

export function registerFiles(app: App, deps: Deps): void {
  registerUploadFiles(app, deps);
  registerFileUploadSubmit(app, deps);
  registerFileTargetOptions(app, deps);
  registerFileSend(app, deps);
  registerFileRetry(app, deps);
}
