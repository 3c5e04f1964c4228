/**
 * Why one file could not travel between Slack and the platform. Stable codes (never match on the message);
 * `userText` is what a person in Slack reads, written without secrets or stack traces.
 */
export type FileTransferErrorCode =
  | 'TOO_SMALL' // contract: signed upload file size 100 B – 100 MB
  | 'TOO_LARGE'
  | 'SLACK_FILE_UNAVAILABLE' // files.info failed or the file has no url_private
  | 'NOT_IN_CONVERSATION' // the file is not shared where the person acted: a Slack id is no authority
  | 'NOT_SLACK_HOST' // url_private points outside Slack's file host: the bot token is not sent
  | 'REDIRECT_BLOCKED' // Slack's host redirected elsewhere: stopped before sending the token there
  | 'DOWNLOAD_FAILED'
  | 'NO_COMPANY' // neither configuration nor the chosen data source names a company
  | 'SIGNING_FAILED' // contract: `signedUrl` null is a signing failure (retryable)
  | 'FORM_EXPIRED' // contract: the upload form lives 5 minutes
  | 'UPLOAD_FAILED'
  | 'PLATFORM_ERROR'
  | 'FILE_NOT_FOUND' // GET /files/{fileId}: unknown or invisible id
  | 'SLACK_UPLOAD_FAILED';

const RETRYABLE: ReadonlySet<FileTransferErrorCode> = new Set([
  'SIGNING_FAILED',
  'FORM_EXPIRED',
  'UPLOAD_FAILED',
  'DOWNLOAD_FAILED',
  'PLATFORM_ERROR',
  'SLACK_UPLOAD_FAILED',
]);

export class FileTransferError extends Error {
  readonly retryable: boolean;
  constructor(
    readonly code: FileTransferErrorCode,
    readonly userText: string,
    options?: { cause?: unknown; retryable?: boolean },
  ) {
    super(`${code}: ${userText}`, options?.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'FileTransferError';
    this.retryable = options?.retryable ?? RETRYABLE.has(code);
  }
}
