/**
 * Slack files → the platform, several at once with bounded concurrency. Never throws for one bad file: each
 * file gets its own result, so one refusal does not hide the others. Used by the upload shortcut, Share to feed
 * and the task flows.
 */
import type { WebClient } from '@slack/web-api';
import PQueue from 'p-queue';
import type { Dispatcher } from 'undici';
import type { BaseDeps } from '../../base/deps.ts';
import { FileTransferError, type FileTransferErrorCode } from '../../kit/slack-files/transfer-error.ts';
import type { TransferTarget } from './resolve-target.ts';
import { allowedSlackOrigins } from '../../kit/slack-files/slack-download.ts';
import { membershipLookup, type MembershipLookup } from './conversation-members.ts';
import { transferOne, type TransferOrigin } from './transfer-one.ts';

export interface FileTransferSettings {
  /** Files moved at the same time. */
  concurrency: number;
  /** HTTP dispatcher for Slack downloads (tests pass a MockAgent or a loopback agent). */
  dispatcher?: Dispatcher;
}

export const DEFAULT_FILE_TRANSFER: FileTransferSettings = { concurrency: 2 };

export type FileTransferResult =
  | { slackFileId: string; name: string; ok: true }
  | {
      slackFileId: string;
      name: string;
      ok: false;
      reason: string;
      code: FileTransferErrorCode;
      retryable: boolean;
    };

export interface TransferRequest {
  client: WebClient;
  /** Slack file ids. */
  fileIds: string[];
  target: TransferTarget;
  origin: TransferOrigin;
  /** After each file, whatever its outcome; `result` is that file's. */
  onProgress?(done: number, total: number, result: FileTransferResult): void;
  signal?: AbortSignal;
}

export type FileTransferDeps = BaseDeps & { fileTransfer?: FileTransferSettings };

export async function transferSlackFiles(
  deps: FileTransferDeps,
  req: TransferRequest,
): Promise<FileTransferResult[]> {
  const settings = deps.fileTransfer ?? DEFAULT_FILE_TRANSFER;
  // The token may go where it already goes for every Web API call (the client's API origin) and Slack's file host.
  const allowedOrigins = [
    ...new Set([
      ...allowedSlackOrigins(deps.config.slack.apiUrl),
      ...allowedSlackOrigins(req.client.slackApiUrl),
    ]),
  ];
  // One membership answer for all the files of this request (they share the origin).
  const isMember = membershipLookup(req.client);
  const queue = new PQueue({ concurrency: Math.max(1, settings.concurrency) });
  const total = req.fileIds.length;
  let done = 0;
  const run = async (fileId: string): Promise<FileTransferResult> => {
    const result = await transferReporting(deps, req, fileId, settings, { allowedOrigins, isMember });
    done++;
    try {
      req.onProgress?.(done, total, result);
    } catch (err) {
      deps.log.warn({ err }, 'file transfer progress callback failed');
    }
    return result;
  };
  return Promise.all(req.fileIds.map((id) => queue.add(() => run(id), { throwOnTimeout: true })));
}

async function transferReporting(
  deps: FileTransferDeps,
  req: TransferRequest,
  fileId: string,
  settings: FileTransferSettings,
  checks: { allowedOrigins: readonly string[]; isMember: MembershipLookup },
): Promise<FileTransferResult> {
  let name = fileId;
  try {
    name = await transferOne(
      deps,
      {
        client: req.client,
        target: req.target,
        origin: req.origin,
        ...checks,
        ...(settings.dispatcher ? { dispatcher: settings.dispatcher } : {}),
        ...(req.signal ? { signal: req.signal } : {}),
      },
      fileId,
      (learned) => (name = learned),
    );
    return { slackFileId: fileId, name, ok: true };
  } catch (err) {
    const failure =
      err instanceof FileTransferError
        ? err
        : new FileTransferError('PLATFORM_ERROR', `Something went wrong with ${name}.`, { cause: err });
    if (failure.code === 'PLATFORM_ERROR' || failure.code === 'DOWNLOAD_FAILED') {
      deps.log.warn({ err: failure.cause ?? err, fileId, code: failure.code }, 'file transfer failed');
    }
    return {
      slackFileId: fileId,
      name,
      ok: false,
      reason: failure.userText,
      code: failure.code,
      retryable: failure.retryable,
    };
  }
}
