/**
 * Is a person a member of a conversation? conversations.members through the bot, paged and bounded, asked at most
 * once per (conversation, person) for one request: a transfer of ten files asks Slack once.
 */
import type { WebClient } from '@slack/web-api';
import { slackErrorCode } from '../../kit/reply/index.ts';
import { FileTransferError } from '../../kit/slack-files/transfer-error.ts';

/** Pages of 1,000 members read before giving up: a conversation larger than 10,000 people is not checked. */
export const MAX_MEMBER_PAGES = 10;
const PAGE_SIZE = 1000;

export type MembershipLookup = (channel: string, user: string) => Promise<boolean>;

/** A lookup that remembers its answers (and its refusals) for as long as the caller keeps it: one request. */
export function membershipLookup(client: WebClient): MembershipLookup {
  const asked = new Map<string, Promise<boolean>>();
  return (channel, user) => {
    const key = `${channel}\u0000${user}`;
    let answer = asked.get(key);
    if (!answer) {
      answer = isConversationMember(client, channel, user);
      asked.set(key, answer);
    }
    return answer;
  };
}

export async function isConversationMember(
  client: WebClient,
  channel: string,
  user: string,
): Promise<boolean> {
  let cursor: string | undefined;
  for (let page = 0; page < MAX_MEMBER_PAGES; page++) {
    let res;
    try {
      res = await client.conversations.members({ channel, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) });
    } catch (err) {
      // A conversation the bot cannot see is one it cannot vouch for: the person is not known to be in it.
      if (slackErrorCode(err) === 'channel_not_found') return false;
      throw new FileTransferError(
        'NOT_IN_CONVERSATION',
        'fieldline could not check that you are a member of this conversation, so it fetched no file.',
        { cause: err, retryable: true },
      );
    }
    if (res.members?.includes(user)) return true;
    cursor = res.response_metadata?.next_cursor || undefined;
    if (!cursor) return false;
  }
  throw new FileTransferError(
    'NOT_IN_CONVERSATION',
    'This conversation is too large for fieldline to check that you are in it, so it fetched no file. ' +
      'Share the file in a smaller channel or in our DM.',
    { retryable: false },
  );
}
