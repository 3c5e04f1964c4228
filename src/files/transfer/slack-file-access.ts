/**
 * May fieldline fetch this Slack file for this person? A file id from a button value, an option or
 * private_metadata is no authority (the bot token could read files the person never saw), so files.info decides:
 * the file must be shared in the conversation the request came from, and the person must be a member of that
 * conversation or the file's uploader. A refusal names nothing of the file — not even its name.
 */
import type { WebClient } from '@slack/web-api';
import { FileTransferError } from '../../kit/slack-files/transfer-error.ts';
import { slackFileInfo, type SlackFileInfo } from '../../kit/slack-files/slack-file-info.ts';
import { membershipLookup, type MembershipLookup } from './conversation-members.ts';

/** Who asks, and the conversation Slack signed the request in (or fieldline kept from it). */
export interface FileAccessOrigin {
  channel: string;
  user: string;
}

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
  const f = await slackFileInfo(client, fileId);
  if (origin.channel === '' || !f.sharedIn.includes(origin.channel))
    throw new FileTransferError('NOT_IN_CONVERSATION', NOT_SHARED_HERE, { retryable: false });
  // The uploader may move their own file; anyone else must be in the conversation it is shared in.
  if (f.uploader !== origin.user && !(await isMember(origin.channel, origin.user)))
    throw new FileTransferError('NOT_IN_CONVERSATION', NOT_A_MEMBER, { retryable: false });
  return f;
}
