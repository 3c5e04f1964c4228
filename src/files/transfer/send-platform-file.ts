/**
 * A platform file → a Slack conversation: GET /files/{fileId} for metadata, download the pre-signed `file` URL
 * (contract: pre-signed URLs carry their own authorisation — no x-api-key), then shared into the channel or
 * thread (kit/slack-files/upload-file.ts). Known failures come back as `ok: false` with a sentence for the user.
 */
import { shareFile } from '../../kit/slack-files/upload-file.ts';
import type { WebClient } from '@slack/web-api';
import type { BaseDeps } from '../../base/deps.ts';
import type { FileRecord } from '../../monitoring/api.ts';
import { isMonitoringError } from '../../monitoring/errors.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { FileTransferError, type FileTransferErrorCode } from '../../kit/slack-files/transfer-error.ts';
import { readBody } from '../../kit/slack-files/read-body.ts';
import { formatBytes, MAX_FILE_BYTES } from '../../kit/slack-files/size-rule.ts';
import { slackErrorCode } from '../../kit/reply/index.ts';

export interface SendPlatformFileRequest {
  client: WebClient;
  fileId: string;
  channel: string;
  threadTs?: string;
  /** Instead of `channel`: the person's DM with the app, after a line naming the file (an answer for them only). */
  privately?: { user: string; intro: (fileName: string) => string };
  /** Who chose to share it here (their Share in channel): said with the file. */
  sharedBy?: string;
  signal?: AbortSignal;
}

export type PlatformFileResult =
  | { ok: true; fileId: string; name: string; fileType: string | null; size: number }
  | { ok: false; fileId: string; code: FileTransferErrorCode; reason: string };

const FILE_ID = /^[A-Za-z0-9_-]{1,128}$/;

export async function sendPlatformFileToSlack(
  deps: BaseDeps,
  req: SendPlatformFileRequest,
): Promise<PlatformFileResult> {
  const fileId = req.fileId.trim();
  try {
    if (!FILE_ID.test(fileId)) {
      throw new FileTransferError('FILE_NOT_FOUND', `"${fileId.slice(0, 40)}" is not a platform file id.`);
    }
    const record = await fetchRecord(deps, fileId, req.signal);
    const bytes = await download(deps, record, req.signal);
    await uploadToSlack(req, record, bytes);
    return { ok: true, fileId, name: record.name, fileType: record.fileType, size: bytes.length };
  } catch (err) {
    if (!(err instanceof FileTransferError)) throw err;
    if (err.code === 'SLACK_UPLOAD_FAILED') {
      deps.log.warn({ err: err.cause ?? err, fileId, code: err.code }, 'platform file to Slack failed');
    }
    return { ok: false, fileId, code: err.code, reason: err.userText };
  }
}

async function fetchRecord(deps: BaseDeps, fileId: string, signal?: AbortSignal): Promise<FileRecord> {
  try {
    return await deps.monitoring.files.get(fileId, {}, signal);
  } catch (err) {
    // contract: GET /files/{fileId} — an unknown or invisible file gives an error, not null
    if (
      isMonitoringError(err) &&
      ['NO_ACCESS', 'VALIDATION', 'CONFLICT', 'INVALID_ARGUMENT'].includes(err.code)
    ) {
      throw new FileTransferError('FILE_NOT_FOUND', `No platform file ${fileId} is visible to fieldline.`, {
        cause: err,
      });
    }
    if (isMonitoringError(err) && err.status === 404) {
      throw new FileTransferError('FILE_NOT_FOUND', `No platform file ${fileId} is visible to fieldline.`, {
        cause: err,
      });
    }
    // Anything else (rate limit, outage, unreadable answer) goes to the one error path, which says what to do
    // ("try again in 7 s") and gives a reference id.
    throw err;
  }
}

async function download(deps: BaseDeps, record: FileRecord, signal?: AbortSignal): Promise<Buffer> {
  if (!record.file) {
    throw new FileTransferError('DOWNLOAD_FAILED', `The platform gave no download link for ${record.name}.`);
  }
  try {
    const res = await deps.monitoring.download(record.file, signal);
    return await readBody(res.body, record.name, res.contentLength ?? record.fileSize, MAX_FILE_BYTES);
  } catch (err) {
    if (err instanceof FileTransferError) throw err;
    throw new FileTransferError('DOWNLOAD_FAILED', `Could not download ${record.name} from the platform.`, {
      cause: err,
    });
  }
}

async function uploadToSlack(req: SendPlatformFileRequest, record: FileRecord, bytes: Buffer): Promise<void> {
  const type = record.fileType ? record.fileType.toUpperCase() : 'file';
  const by = req.sharedBy ? `<@${req.sharedBy}> shared ` : '';
  try {
    // The DM is opened only now, once the file is in hand: a refusal leaves no empty line in it.
    const where = req.privately
      ? await dmWith(req.client, req.privately.user, req.privately.intro(record.name))
      : req;
    await shareFile(
      req.client,
      {
        bytes,
        filename: record.name,
        title: record.name,
        initialComment: `${by}${escapeMrkdwn(record.name)} · ${type} · ${formatBytes(bytes.length)} (from the platform)`,
      },
      { channel: where.channel, ...(where.threadTs ? { threadTs: where.threadTs } : {}) },
    );
  } catch (err) {
    const code = slackErrorCode(err);
    const text =
      code === 'not_in_channel' || code === 'channel_not_found'
        ? 'fieldline is not in this conversation; invite it and try again.'
        : `Slack did not accept ${record.name}${code ? ` (${code})` : ''}.`;
    throw new FileTransferError('SLACK_UPLOAD_FAILED', text, {
      cause: err,
      retryable: code !== 'not_in_channel',
    });
  }
}

/** The person's DM with the app (chat.postMessage to a user id opens it), starting with `intro`. */
async function dmWith(
  client: WebClient,
  user: string,
  intro: string,
): Promise<{ channel: string; threadTs?: string }> {
  const posted = await client.chat.postMessage({ channel: user, text: intro });
  if (!posted.channel) throw new Error('chat.postMessage answered without a channel');
  return { channel: posted.channel };
}
