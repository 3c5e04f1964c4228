/**
 * One photo from the "Complete with photos" form → the platform. The Slack file id in the submission is no
 * authority: files.info must say the person who submitted uploaded it (a file_input gives only files its person
 * uploaded). Then Slack's and the contract's size limits, the download with the bot token (only to Slack's
 * hosts: kit/slack-files), the bytes checked to be the photo type the file claims, and the contract's signed
 * upload with the person's own key (files/transfer: a fresh form, fields then the file last, no x-api-key).
 * Never throws: each photo gets its own result.
 */
import type { WebClient } from '@slack/web-api';
import type { BaseDeps } from '../../base/deps.ts';
import type { SignedUploadCreate } from '../../monitoring/api.ts';
import { FileTransferError } from '../../kit/slack-files/transfer-error.ts';
import { slackFileInfo } from '../../kit/slack-files/slack-file-info.ts';
import { checkFileSize, formatBytes } from '../../kit/slack-files/size-rule.ts';
import { allowedSlackOrigins, downloadSlackFile } from '../../kit/slack-files/slack-download.ts';
import { uploadWithFreshForm, type TransferTarget } from '../../files/index.ts';
import { checkPhoto, declaredPhotoKind } from '../rules/photo-bytes.ts';

/** Slack: "There is a 10MB file size limit" on file_input; a photo past it never came through the form. */
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type PhotoResult =
  | { slackFileId: string; name: string; ok: true }
  | { slackFileId: string; name: string; ok: false; reason: string };

export interface PhotoUploadRequest {
  client: WebClient;
  /** The Slack user who submitted the form (from the signed payload). */
  user: string;
  target: TransferTarget;
  /** Stored with the file (contract: originProperties, returned by GET /files/{fileId}). */
  taskId: string;
  signal?: AbortSignal;
}

export const NOT_YOUR_FILE =
  'A file you did not upload in this form was not fetched: only photos you add yourself can complete a task.';

export async function uploadPhoto(
  deps: BaseDeps,
  req: PhotoUploadRequest,
  slackFileId: string,
): Promise<PhotoResult> {
  let name = 'a photo';
  try {
    const info = await slackFileInfo(req.client, slackFileId);
    // The name is learnt only once the file is known to be the person's own.
    if (info.uploader !== req.user) return { slackFileId, name, ok: false, reason: NOT_YOUR_FILE };
    name = info.name;
    if (info.size > MAX_PHOTO_BYTES)
      return {
        slackFileId,
        name,
        ok: false,
        reason: `${name} is ${formatBytes(info.size)}; photos may be up to 10 MB.`,
      };
    const declaredSize = checkFileSize(info.name, info.size);
    if (declaredSize) throw declaredSize;
    if (!req.client.token)
      throw new FileTransferError('DOWNLOAD_FAILED', 'fieldline has no Slack token to download photos with.');
    const bytes = await downloadSlackFile(info.urlPrivate, info.name, {
      token: req.client.token,
      allowedOrigins: [
        ...new Set([
          ...allowedSlackOrigins(deps.config.slack.apiUrl),
          ...allowedSlackOrigins(req.client.slackApiUrl),
        ]),
      ],
      expectedBytes: info.size,
      maxBytes: MAX_PHOTO_BYTES,
      ...(req.signal ? { signal: req.signal } : {}),
    });
    const actualSize = checkFileSize(info.name, bytes.length);
    if (actualSize) throw actualSize;
    const photo = checkPhoto(bytes, declaredPhotoKind(info), info.name);
    if (!photo.ok) return { slackFileId, name, ok: false, reason: photo.reason };
    const request: SignedUploadCreate = {
      name: info.name,
      // contract: `fileSize` "must equal the uploaded size" — the bytes in hand.
      fileSize: bytes.length,
      company: { id: req.target.companyId },
      ...(req.target.siteId ? { site: { id: req.target.siteId } } : {}),
      // contract: `fileMimeType` "wins over fileType; becomes the required upload Content-Type" — the type the
      // bytes were found to be, so the upload's Content-Type matches what is sent.
      fileMimeType: photo.type.mime,
      originProperties: {
        source: 'slack',
        purpose: 'task-completion',
        taskId: req.taskId,
        slackFileId: info.id,
        user: req.user,
      },
    };
    await uploadWithFreshForm(deps, request, bytes, info.name, req.signal);
    return { slackFileId, name, ok: true };
  } catch (err) {
    const failure =
      err instanceof FileTransferError
        ? err
        : new FileTransferError('PLATFORM_ERROR', `Something went wrong with ${name}.`, { cause: err });
    if (failure.code === 'PLATFORM_ERROR' || failure.code === 'DOWNLOAD_FAILED')
      deps.log.warn({ err: failure.cause ?? err, code: failure.code }, 'photo upload failed');
    return { slackFileId, name, ok: false, reason: failure.userText };
  }
}
