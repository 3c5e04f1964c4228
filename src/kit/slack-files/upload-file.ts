/**
 * Shares one file into a conversation the way files.uploadV2 does — files.getUploadURLExternal, the bytes to the
 * upload URL, files.completeUploadExternal — but sends the bytes raw through undici (Slack: "Files can be sent as
 * raw bytes or can be multipart form encoded"). WebClient's multipart body needs the global fetch and WHATWG
 * streams: about half the CPU of a chart answer (issue 18). The upload URL is pre-authorised, so no token goes
 * with the bytes; it is used only when it is https (or on the Web API's own origin: the local stand-in).
 * Errors are WebClient's (a Slack error code on `data.error`) or an Error naming the upload step.
 */
import type { WebClient } from '@slack/web-api';
import { request } from 'undici';

export interface FileToShare {
  bytes: Buffer;
  filename: string;
  title: string;
  initialComment?: string;
}

export interface ShareTarget {
  channel: string;
  threadTs?: string;
}

const UPLOAD_TIMEOUT_MS = 120_000;

function uploadUrlAllowed(url: URL, client: WebClient): boolean {
  if (url.protocol === 'https:') return true;
  return url.origin === new URL(client.slackApiUrl).origin;
}

export async function shareFile(client: WebClient, file: FileToShare, where: ShareTarget): Promise<string> {
  const got = await client.files.getUploadURLExternal({ filename: file.filename, length: file.bytes.length });
  if (!got.upload_url || !got.file_id) throw new Error('Slack gave no upload URL for the file');
  const url = new URL(got.upload_url);
  if (!uploadUrlAllowed(url, client)) throw new Error(`Slack's upload URL is not https: ${url.origin}`);
  const res = await request(url, {
    method: 'POST',
    headers: { 'content-type': 'application/octet-stream' },
    body: file.bytes,
    headersTimeout: UPLOAD_TIMEOUT_MS,
    bodyTimeout: UPLOAD_TIMEOUT_MS,
  });
  await res.body.dump();
  if (res.statusCode !== 200) throw new Error(`the file upload answered ${res.statusCode}`);
  await client.files.completeUploadExternal({
    files: [{ id: got.file_id, title: file.title }],
    channel_id: where.channel,
    ...(where.threadTs ? { thread_ts: where.threadTs } : {}),
    ...(file.initialComment ? { initial_comment: file.initialComment } : {}),
  });
  return got.file_id;
}
