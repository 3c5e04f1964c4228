/** Confirmation and failure messages for feed posts (pure). */
import type { KnownBlock } from '@slack/types';
import type { FileTransferResult } from '../../files/index.ts';
import { escapeMrkdwn, safeText, truncate } from '../../kit/blocks/mrkdwn.ts';

export interface SlackMessage {
  text: string;
  blocks: KnownBlock[];
}

export function renderPostConfirmation(
  postId: number,
  channelLabel: string | null,
  files: FileTransferResult[],
): SlackMessage {
  const where = channelLabel ? ` in *${safeText(channelLabel, 200)}*` : '';
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: {
        type: 'mrkdwn',
        text: `:white_check_mark: Posted to the platform feed${where} — post id \`${postId}\`.`,
      },
    },
  ];
  const uploaded = files.filter((f) => f.ok);
  const failed = files.filter((f) => !f.ok);
  if (uploaded.length > 0) {
    const names = uploaded.map((f) => escapeMrkdwn(f.name)).join(', ');
    blocks.push({
      type: 'context',
      elements: [
        {
          type: 'mrkdwn',
          text: truncate(
            `Uploaded ${names}; the platform is processing ${uploaded.length === 1 ? 'it' : 'them'}.`,
            2000,
          ),
        },
      ],
    });
  }
  if (failed.length > 0) {
    const lines = failed.map((f) => `• ${f.ok ? '' : escapeMrkdwn(f.reason)}`).join('\n');
    blocks.push({
      type: 'section',
      text: { type: 'mrkdwn', text: truncate(`:warning: Not uploaded:\n${lines}`, 3000) },
    });
  }
  const text = `Posted to the platform feed — post id ${postId}.${failed.length > 0 ? ` ${failed.length} file(s) not uploaded.` : ''}`;
  return { text, blocks };
}

/** When the post could not be made and the form is gone: the reason, and the text so nothing is lost. */
export function renderPostFailure(reason: string, content: string): SlackMessage {
  return {
    // the `text` fallback (what notifications show) is escaped like the blocks
    text: `Your post was not published: ${safeText(reason, 2800)}`,
    blocks: [
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `:x: Your post was not published: ${safeText(reason, 2800)}` },
      },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `Here is what you wrote:\n\`\`\`${safeText(content, 2800)}\`\`\`` },
      },
    ],
  };
}
