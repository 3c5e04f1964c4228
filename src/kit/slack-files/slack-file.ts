/**
 * Fetches a file shared in Slack: files.info, then url_private with the bot token. The token goes only to
 * Slack's own file host (files.slack.com, or the host of the configured Slack API URL — the stand-in in
 * tests), and redirects are never followed: a redirect could carry the token elsewhere.
 */
import { z } from 'zod';

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

/** The hosts the bot token may be sent to, derived from the client's Slack API URL. */
export function trustedFileHosts(slackApiUrl: string): string[] {
  const api = new URL(slackApiUrl);
  if (api.hostname === 'slack.com' || api.hostname.endsWith('.slack.com')) return ['files.slack.com'];
  return [api.host];
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
  const target = new URL(url);
  if (!trustedFileHosts(client.slackApiUrl).includes(target.host) || !/^https?:$/.test(target.protocol)) {
    throw new SlackFileError('UNTRUSTED_HOST', 'The file is not on Slack’s file host; it was not fetched.');
  }
  if (!client.token) throw new SlackFileError('NO_TOKEN', 'No bot token to fetch the file with.');
  const res = await fetch(target, {
    headers: { authorization: `Bearer ${client.token}` },
    redirect: 'manual',
    signal: signal ?? AbortSignal.timeout(60_000),
  });
  if (res.status >= 300 && res.status < 400) {
    await res.body?.cancel();
    throw new SlackFileError('REDIRECT', 'Slack redirected the file download; not followed.');
  }
  if (!res.ok) {
    await res.body?.cancel();
    throw new SlackFileError('HTTP', `Slack answered ${res.status} for the file.`);
  }
  const bytes = Buffer.from(await res.arrayBuffer());
  if (bytes.length > MAX_IMPORT_BYTES)
    throw new SlackFileError('TOO_LARGE', 'The file is larger than 50 MB.');
  return { id: file.id, name: file.name ?? file.title ?? `${fileId}.csv`, bytes };
}
