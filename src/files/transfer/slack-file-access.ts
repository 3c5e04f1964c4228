/**
 * May fieldline fetch this Slack file for this person? A file id from a button value, an option or
 * private_metadata is no authority (the bot token could read files the person never saw), so files.info decides:
 * the file must be shared in the conversation the request came from, and the person must be a member of that
 * conversation or the file's uploader. A refusal names nothing of the file — not even its name.
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import { FileTransferError } from '../../kit/slack-files/transfer-error.ts';
import type { SlackFileInfo } from '../../kit/slack-files/slack-file-info.ts';
import { membershipLookup, type MembershipLookup } from './conversation-members.ts';

/** Who asks, and the conversation Slack signed the request in (or fieldline kept from it). */
export interface FileAccessOrigin {
  channel: string;
  user: string;
}

const sharesOf = z.record(z.string(), z.unknown()).optional();
const slackFile = z.looseObject({
  id: z.string(),
  user: z.string().optional(),
  name: z.string().optional(),
  title: z.string().optional(),
  mimetype: z.string().optional(),
  filetype: z.string().optional(),
  size: z.number().int().nonnegative(),
  url_private: z.string().optional(),
  channels: z.array(z.string()).optional(),
  groups: z.array(z.string()).optional(),
  ims: z.array(z.string()).optional(),
  shares: z.looseObject({ public: sharesOf, private: sharesOf }).optional(),
});

export const NOT_SHARED_HERE = 'That file is not shared in this conversation, so fieldline did not fetch it.';
export const NOT_A_MEMBER =
  'You are not a member of this conversation and did not upload that file, so fieldline did not fetch it.';

/** files.info for `fileId`, then the access rule; resolves with what the transfer needs, or throws FileTransferError. */
export async function accessibleSlackFile(
  client: WebClient,
  fileId: string,
  origin: FileAccessOrigin,
  isMember: MembershipLookup = membershipLookup(client),
): Promise<SlackFileInfo> {
  let raw: unknown;
  try {
    raw = (await client.files.info({ file: fileId })).file;
  } catch (cause) {
    throw new FileTransferError('SLACK_FILE_UNAVAILABLE', 'Slack did not give access to that file.', {
      cause,
      retryable: false,
    });
  }
  const parsed = slackFile.safeParse(raw);
  if (!parsed.success)
    throw new FileTransferError('SLACK_FILE_UNAVAILABLE', 'Slack did not describe that file.', {
      retryable: false,
    });
  const f = parsed.data;
  const sharedIn = new Set([
    ...(f.channels ?? []),
    ...(f.groups ?? []),
    ...(f.ims ?? []),
    ...Object.keys(f.shares?.public ?? {}),
    ...Object.keys(f.shares?.private ?? {}),
  ]);
  if (origin.channel === '' || !sharedIn.has(origin.channel))
    throw new FileTransferError('NOT_IN_CONVERSATION', NOT_SHARED_HERE, { retryable: false });
  // The uploader may move their own file; anyone else must be in the conversation it is shared in.
  if (f.user !== origin.user && !(await isMember(origin.channel, origin.user)))
    throw new FileTransferError('NOT_IN_CONVERSATION', NOT_A_MEMBER, { retryable: false });
  if (!f.url_private)
    throw new FileTransferError('SLACK_FILE_UNAVAILABLE', 'Slack gave no download link for that file.');
  return {
    id: f.id,
    name: f.name ?? f.title ?? `${f.id}${f.filetype ? `.${f.filetype}` : ''}`,
    mimetype: f.mimetype && /^[\w.+-]+\/[\w.+-]+$/.test(f.mimetype) ? f.mimetype : null,
    filetype: f.filetype ?? null,
    size: f.size,
    urlPrivate: f.url_private,
    sharedIn: [...sharedIn],
  };
}
