/**
 * One Slack file → the platform: files.info, size rule, download from Slack's host, signed-upload form, multipart
 * upload. Every failure becomes a FileTransferError with a message meant for the person who asked.
 */
import type { WebClient } from '@slack/web-api';
import type { Dispatcher } from 'undici';
import type { BaseDeps } from '../../base/deps.ts';
import type { SignedUpload, SignedUploadCreate } from '../../monitoring/api.ts';
import { isMonitoringError } from '../../monitoring/errors.ts';
import { FileTransferError } from '../../kit/slack-files/transfer-error.ts';
import type { TransferTarget } from './resolve-target.ts';
import { checkFileSize, MAX_FILE_BYTES } from '../../kit/slack-files/size-rule.ts';
import { downloadSlackFile } from '../../kit/slack-files/slack-download.ts';
import type { MembershipLookup } from './conversation-members.ts';
import { accessibleSlackFile } from './slack-file-access.ts';

export interface TransferOrigin {
  /**
   * The conversation the request came from: a signed payload's channel, or what fieldline kept from one in its
   * own private_metadata — never a channel typed, picked or carried in a button value.
   */
  channel: string;
  ts?: string;
  permalink?: string;
  user: string;
}

export interface TransferOneContext {
  client: WebClient;
  target: TransferTarget;
  origin: TransferOrigin;
  allowedOrigins: readonly string[];
  /** Membership answers shared by the files of one request. */
  isMember: MembershipLookup;
  dispatcher?: Dispatcher;
  signal?: AbortSignal;
}

/** Transfers one file; resolves with its name, or throws FileTransferError. `onName` learns the name early. */
export async function transferOne(
  deps: BaseDeps,
  ctx: TransferOneContext,
  fileId: string,
  onName?: (name: string) => void,
): Promise<string> {
  // Shared here, and the person is in this conversation or uploaded the file (slack-file-access.ts); the name
  // is learnt only after that, so a refusal shows nothing of a file the person may not see.
  const info = await accessibleSlackFile(ctx.client, fileId, ctx.origin, ctx.isMember);
  onName?.(info.name);
  const declared = checkFileSize(info.name, info.size);
  if (declared) throw declared;
  if (!ctx.client.token) {
    throw new FileTransferError('DOWNLOAD_FAILED', 'fieldline has no Slack token to download files with.', {
      retryable: false,
    });
  }
  const bytes = await downloadSlackFile(info.urlPrivate, info.name, {
    token: ctx.client.token,
    allowedOrigins: ctx.allowedOrigins,
    expectedBytes: info.size,
    maxBytes: MAX_FILE_BYTES,
    ...(ctx.dispatcher ? { dispatcher: ctx.dispatcher } : {}),
    ...(ctx.signal ? { signal: ctx.signal } : {}),
  });
  const actual = checkFileSize(info.name, bytes.length);
  if (actual) throw actual;

  const request: SignedUploadCreate = {
    name: info.name,
    // contract: `fileSize` must equal the uploaded size — the bytes in hand, not Slack's declared size
    fileSize: bytes.length,
    company: { id: ctx.target.companyId },
    ...(ctx.target.siteId ? { site: { id: ctx.target.siteId } } : {}),
    // contract: `fileMimeType` wins over `fileType` and becomes the required upload Content-Type
    ...(info.mimetype ? { fileMimeType: info.mimetype } : extension(info.name, info.filetype)),
    ...(ctx.target.deviceId && ctx.target.assetType
      ? { deviceId: ctx.target.deviceId, assetType: ctx.target.assetType }
      : {}),
    originProperties: originProperties(ctx.origin),
  };
  await uploadWithFreshForm(deps, request, bytes, info.name, ctx.signal);
  return info.name;
}

function extension(name: string, filetype: string | null): { fileType?: string } {
  const fromName = /\.([A-Za-z0-9]{1,10})$/.exec(name)?.[1];
  const ext = fromName ?? filetype;
  return ext ? { fileType: ext.toLowerCase() } : {};
}

function originProperties(origin: TransferOrigin): Record<string, unknown> {
  return {
    source: 'slack',
    channel: origin.channel,
    ...(origin.ts ? { messageTs: origin.ts } : {}),
    ...(origin.permalink ? { permalink: origin.permalink } : {}),
    user: origin.user,
  };
}

/**
 * contract: the upload form lives 5 minutes — it is requested only now, right before the upload. A form that
 * expired anyway (slow network, refused as expired) is replaced once; a second refusal is reported as retryable.
 */
export async function uploadWithFreshForm(
  deps: BaseDeps,
  request: SignedUploadCreate,
  bytes: Buffer,
  name: string,
  signal?: AbortSignal,
): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    const form = await requestForm(deps, request, name, signal);
    try {
      await deps.monitoring.files.upload(form, bytes, name, signal);
      return;
    } catch (err) {
      if (isMonitoringError(err) && err.code === 'UPLOAD_FAILED') {
        // 403 = the storage refused the policy (expired); no status = the client saw the form expire first
        const expiredForm = err.status === 403 || err.status === undefined;
        if (attempt < 2 && expiredForm) continue;
        throw expiredForm
          ? expired(name)
          : new FileTransferError(
              'UPLOAD_FAILED',
              `The platform's storage refused ${name} (${err.status ?? 'no answer'}).`,
              { cause: err },
            );
      }
      throw platformError(name, err);
    }
  }
}

async function requestForm(
  deps: BaseDeps,
  request: SignedUploadCreate,
  name: string,
  signal?: AbortSignal,
): Promise<SignedUpload> {
  try {
    return await deps.monitoring.files.createSignedUpload(request, signal);
  } catch (err) {
    if (isMonitoringError(err) && err.code === 'SIGNING_FAILED') {
      // contract: `signedUrl` null on a signing failure, still with status 200
      throw new FileTransferError(
        'SIGNING_FAILED',
        `The platform could not prepare an upload for ${name} right now.`,
        { cause: err },
      );
    }
    throw platformError(name, err);
  }
}

function expired(name: string): FileTransferError {
  return new FileTransferError(
    'FORM_EXPIRED',
    `The upload form for ${name} expired before the upload finished.`,
  );
}

function platformError(name: string, err: unknown): FileTransferError {
  if (!isMonitoringError(err)) {
    return new FileTransferError('PLATFORM_ERROR', `Something went wrong uploading ${name}.`, { cause: err });
  }
  const text: Record<string, string> = {
    NO_ACCESS: `The platform key may not upload ${name} to that company or site.`,
    VALIDATION: `The platform refused the upload request for ${name}.`,
    RATE_LIMITED: `The platform is rate limiting; ${name} was not uploaded.`,
  };
  return new FileTransferError(
    'PLATFORM_ERROR',
    text[err.code] ?? `The platform was unavailable while uploading ${name}.`,
    {
      cause: err,
      retryable: err.code !== 'NO_ACCESS' && err.code !== 'VALIDATION',
    },
  );
}
