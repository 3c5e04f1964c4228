/**
 * The files feature: Slack files to the platform through signed uploads (the Upload files shortcut and the files
 * of other flows), and platform files back into Slack (file buttons, `/source file <id>`). `registerFiles`
 * registers every listener (named handlers, callable in tests without an App); other features import files from
 * this file only.
 */
import type { BlockButtonAction, ViewSubmitAction } from '@slack/bolt';
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import { FILE_RETRY, FILE_TARGET, FILE_UPLOAD_CALLBACK_ID } from './render/file-upload.ts';
import { handleFileRetry } from './slack/file-retry.ts';
import { FILE_SEND_ACTION, handleFileSend } from './slack/file-send.ts';
import { handleFileTargetOptions } from './slack/file-target.ts';
import { handleFileUploadSubmit, UPLOAD_AT_DOOR } from './slack/file-upload-submit.ts';
import { handleUploadFilesShortcut } from './slack/upload-files.ts';

export * from './slack/transfer/index.ts';

export function registerFiles(app: ListenerApp, deps: Deps): void {
  app.shortcut({ callback_id: 'upload_files', type: 'message_action' }, (args) =>
    handleUploadFilesShortcut(args, deps),
  );
  app.view<ViewSubmitAction>(FILE_UPLOAD_CALLBACK_ID, (args) => handleFileUploadSubmit(args, deps));
  // A full job queue refuses it before the app (src/runtime/jobs/door.ts), as handOff would.
  app.busyAtDoor(UPLOAD_AT_DOOR);
  app.options<'block_suggestion'>(FILE_TARGET, (args) => handleFileTargetOptions(args, deps));
  app.action<BlockButtonAction>(FILE_SEND_ACTION, (args) => handleFileSend(args, deps));
  app.action<BlockButtonAction>(FILE_RETRY, (args) => handleFileRetry(args, deps));
}
