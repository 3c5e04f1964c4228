/** files.info → the few fields the transfer needs, parsed at the boundary (Slack JSON is unknown until then). */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { FileTransferError } from './transfer-error.ts';

const slackFile = z
  .object({
    id: z.string(),
    user: z.string().optional(),
    name: z.string().optional(),
    title: z.string().optional(),
    mimetype: z.string().optional(),
    filetype: z.string().optional(),
    size: z.number().int().nonnegative(),
    url_private: z.string().optional(),
    url_private_download: z.string().optional(),
    permalink: z.string().optional(),
    channels: z.array(z.string()).optional(),
    groups: z.array(z.string()).optional(),
    ims: z.array(z.string()).optional(),
    shares: z
      .object({
        public: z.record(z.string(), z.unknown()).optional(),
        private: z.record(z.string(), z.unknown()).optional(),
      })
      .passthrough()
      .optional(),
  })
  .passthrough();

export interface SlackFileInfo {
  id: string;
  name: string;
  mimetype: string | null;
  filetype: string | null;
  size: number;
  urlPrivate: string;
  /** Conversations the file is shared in (files.info channels, groups, ims and shares). */
  sharedIn: string[];
  /** Who uploaded it (files.info `user`). */
  uploader: string | null;
}

export async function slackFileInfo(client: WebClient, fileId: string): Promise<SlackFileInfo> {
  let raw: unknown;
  try {
    raw = (await client.files.info({ file: fileId })).file;
  } catch (cause) {
    throw new FileTransferError('SLACK_FILE_UNAVAILABLE', `Slack did not give access to file ${fileId}.`, {
      cause,
      retryable: false,
    });
  }
  const parsed = slackFile.safeParse(raw);
  const urlPrivate = parsed.success ? parsed.data.url_private : undefined;
  if (!parsed.success || !urlPrivate) {
    throw new FileTransferError('SLACK_FILE_UNAVAILABLE', `Slack gave no download link for file ${fileId}.`);
  }
  const f = parsed.data;
  return {
    id: f.id,
    name: f.name ?? f.title ?? `${f.id}${f.filetype ? `.${f.filetype}` : ''}`,
    mimetype: f.mimetype && /^[\w.+-]+\/[\w.+-]+$/.test(f.mimetype) ? f.mimetype : null,
    filetype: f.filetype ?? null,
    size: f.size,
    urlPrivate,
    uploader: f.user ?? null,
    sharedIn: [
      ...new Set([
        ...(f.channels ?? []),
        ...(f.groups ?? []),
        ...(f.ims ?? []),
        ...Object.keys(f.shares?.public ?? {}),
        ...Object.keys(f.shares?.private ?? {}),
      ]),
    ],
  };
}
