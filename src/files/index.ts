/**
 * The files feature: Slack files to the platform through signed uploads (the Upload files shortcut and the files
 * of other flows), and platform files back into Slack (file buttons, `/source file <id>`; in a conversation shared
 * with another organisation, privately with an offer to share). `registerFiles` registers every listener:
 * declarations (src/kit/entry.ts) for the upload, Retry and file buttons, which run as jobs, and Bolt listeners for the shortcut (it opens a modal) and the target typeahead. Other features import
 * files from this file only.
 */
import type { ListenerApp } from '../kit/entry.ts';
import type { Deps } from '../base/deps.ts';
import { FILE_TARGET } from './render/file-upload.ts';
import { fileRetry } from './slack/action-file-retry.ts';
import { fileSend } from './slack/action-file-send.ts';
import { fileShareHere } from './slack/action-file-share-here.ts';
import { handleFileTargetOptions } from './slack/options-file-target.ts';
import { handleUploadFilesShortcut } from './slack/shortcut-upload-files.ts';
import { fileUploadSubmit } from './slack/view-file-upload-submit.ts';

export * from './transfer/index.ts';
export { bringPlatformFile, type BringRequest, type Brought } from './flows/bring-platform-file.ts';
export { privateAnswer, sharedByLine, type ShareOffer } from './render/share-offer.ts';
export { sharedWithOtherOrg } from './flows/shared-conversation.ts';

export function registerFiles(app: ListenerApp, deps: Deps): void {
  app.shortcut({ callback_id: 'upload_files', type: 'message_action' }, (args) =>
    handleUploadFilesShortcut(args, deps),
  );
  app.entry(fileUploadSubmit(deps));
  app.options<'block_suggestion'>(FILE_TARGET, (args) => handleFileTargetOptions(args, deps));
  app.entry(fileSend(deps));
  app.entry(fileShareHere(deps));
  app.entry(fileRetry(deps));
}
