/**
 * Fetches a file shared in Slack for the import flows: files.info, then url_private through the one Slack file
 * downloader (slack-download.ts): the token goes only to Slack's origins (files.slack.com, or the configured Slack
 * API's origin — the stand-in in tests) and a redirect is followed only to another of them.
 */
import { z } from 'zod';
import { allowedSlackOrigins, downloadSlackFile } from './slack-download.ts';
import { FileTransferError } from './transfer-error.ts';

export const MAX_IMPORT_BYTES = 50 * 1024 * 1024;

export class SlackFileError extends Error {
  constructor(
    readonly code: 'NOT_FOUND' | 'UNTRUSTED_HOST' | 'REDIRECT' | 'HTTP' | 'TOO_LARGE' | 'NO_TOKEN',
    message: string,
  ) {
    super(message);
    this.name = 'SlackFileError';
  }
}

const fileInfo = z.looseObject({
  file: z.looseObject({
    id: z.string(),
    name: z.string().optional(),
    title: z.string().optional(),
    size: z.number().optional(),
    filetype: z.string().optional(),
    mimetype: z.string().optional(),
    url_private: z.string().optional(),
    url_private_download: z.string().optional(),
  }),
});

export interface SlackFile {
  id: string;
  name: string;
  bytes: Buffer;
}

export function isCsvFile(file: {
  name?: string | null;
  filetype?: string | null;
  mimetype?: string | null;
}): boolean {
  return file.filetype === 'csv' || /\.csv$/i.test(file.name ?? '') || file.mimetype === 'text/csv';
}

/** What fetchSlackFile needs of the WebClient (a narrow seam so tests can hand it hostile answers). */
export interface FileClient {
  files: { info(args: { file: string }): Promise<unknown> };
  readonly slackApiUrl: string;
  readonly token?: string;
}

export async function fetchSlackFile(
  client: FileClient,
  fileId: string,
  signal?: AbortSignal,
): Promise<SlackFile> {
  const info = fileInfo.safeParse(await client.files.info({ file: fileId }));
  if (!info.success) throw new SlackFileError('NOT_FOUND', 'Slack did not describe that file.');
  const file = info.data.file;
  const url = file.url_private_download ?? file.url_private;
  if (!url) throw new SlackFileError('NOT_FOUND', 'Slack gave no download address for that file.');
  if ((file.size ?? 0) > MAX_IMPORT_BYTES)
    throw new SlackFileError('TOO_LARGE', 'The file is larger than 50 MB.');
  if (!client.token) throw new SlackFileError('NO_TOKEN', 'No bot token to fetch the file with.');
  const name = file.name ?? file.title ?? `${fileId}.csv`;
  // The one Slack file downloader: the token goes only to Slack's origins, redirects followed only within them.
  const bytes = await downloadSlackFile(url, name, {
    token: client.token,
    allowedOrigins: allowedSlackOrigins(client.slackApiUrl),
    expectedBytes: file.size ?? 0,
    maxBytes: MAX_IMPORT_BYTES,
    signal: signal ?? AbortSignal.timeout(60_000),
  }).catch((err: unknown) => {
    throw asSlackFileError(err);
  });
  return { id: file.id, name, bytes };
}

const CODE_OF: Partial<Record<FileTransferError['code'], SlackFileError['code']>> = {
  NOT_SLACK_HOST: 'UNTRUSTED_HOST',
  REDIRECT_BLOCKED: 'REDIRECT',
  TOO_LARGE: 'TOO_LARGE',
};

function asSlackFileError(err: unknown): unknown {
  if (!(err instanceof FileTransferError)) return err;
  const code = CODE_OF[err.code] ?? 'HTTP';
  const text =
    code === 'TOO_LARGE'
      ? 'The file is larger than 50 MB.'
      : code === 'UNTRUSTED_HOST'
        ? 'The file is not on Slack’s file host; it was not fetched.'
        : err.userText;
  return new SlackFileError(code, text);
}
