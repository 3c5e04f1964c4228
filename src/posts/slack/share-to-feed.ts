/**
 * Message shortcut "Share to feed": the post form, prefilled with the message's text, its author and permalink,
 * and its files offered as checkboxes. The two lookups are bounded so the modal opens inside the trigger's 3 s.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { sharedContent } from '../service/posts-service.ts';
import { within } from '../../kit/time-budget.ts';
import { messageFilesOf } from '../../kit/blocks/file-list.ts';
import { renderPostModal } from '../render/post-modal.ts';
import { MAX_META_FILES } from '../render/post-meta.ts';
import { authorName, messagePermalink } from '../../kit/message-origin.ts';

const LOOKUP_MS = 1_200;

export function registerShareToFeed(app: App, deps: Deps): void {
  app.shortcut(
    { callback_id: 'share_to_feed', type: 'message_action' },
    async ({ ack, shortcut, client }) => {
      await ack();
      const { channel, message } = shortcut;
      const [author, permalink] = await Promise.all([
        within(authorName(client, typeof message.user === 'string' ? message.user : undefined), LOOKUP_MS),
        within(messagePermalink(client, channel.id, message.ts), LOOKUP_MS),
      ]).catch((err: unknown) => {
        deps.log.debug({ err }, 'share to feed: author or permalink unavailable');
        return [null, null] as const;
      });
      const text = typeof message.text === 'string' ? message.text : '';
      await client.views.open({
        trigger_id: shortcut.trigger_id,
        view: renderPostModal({
          values: { content: sharedContent({ text, author: author ?? null, permalink: permalink ?? null }) },
          meta: {
            originChannel: channel.id,
            share: { channel: channel.id, ts: message.ts, ...(permalink ? { permalink } : {}) },
            files: messageFilesOf(message).slice(0, MAX_META_FILES),
          },
        }),
      });
    },
  );
}
