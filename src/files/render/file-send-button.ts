/**
 * A button that brings a platform file into the conversation (for cards that carry file ids, e.g. tasks).
 * Its action (`file_send`) is handled by actions/file-send.ts.
 */
import type { Button } from '@slack/types';
import { truncate } from '../../kit/blocks/mrkdwn.ts';

export const FILE_SEND = 'file_send';

/** `index` keeps action ids unique when one block holds several file buttons. */
export function fileSendButton(fileId: string, label = 'Show file in Slack', index?: number): Button {
  return {
    type: 'button',
    action_id: index === undefined ? FILE_SEND : `${FILE_SEND}_${index}`,
    text: { type: 'plain_text', text: truncate(label, 75), emoji: true },
    value: fileId.slice(0, 2000),
  };
}

/** What the sender answers when a platform file could not be brought in. */
export function platformFileFailureText(fileId: string, reason: string): string {
  return `Could not bring platform file ${fileId.slice(0, 60)} into Slack: ${reason}`;
}
