/**
 * Message shortcut "Share to feed": the post form, prefilled with the message's text, who shares it, its author
 * and permalink, and its files offered as checkboxes. The lookups are bounded so the modal opens inside the
 * trigger's 3 s; one that fails or is late is left out of the credit line, the others still show.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { Deps } from '../../base/deps.ts';
import { sharedContent } from '../service/posts-service.ts';
import { within } from '../../kit/time-budget.ts';
import { messageFilesOf } from '../../kit/blocks/file-list.ts';
import { renderPostModal } from '../render/post-modal.ts';
import { MAX_META_FILES } from '../render/post-meta.ts';
import { authorName, messagePermalink } from '../../kit/message-origin.ts';

const LOOKUP_MS = 1_200;

export type ShareToFeedArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

export async function handleShareToFeed(
  { ack, shortcut, client }: ShareToFeedArgs,
  deps: Pick<Deps, 'log'>,
): Promise<void> {
  await ack();
  const { channel, message } = shortcut;
  const bounded = <T>(what: string, work: Promise<T>): Promise<T | null> =>
    within(work, LOOKUP_MS)
      .then((value) => value ?? null)
      .catch((err: unknown) => {
        deps.log.debug({ err }, `share to feed: ${what} unavailable`);
        return null;
      });
  const writer = typeof message.user === 'string' ? message.user : undefined;
  // The person who used the shortcut shares it; the message's author is credited apart, unless that is them.
  const [sharer, author, permalink] = await Promise.all([
    bounded('sharer', authorName(client, shortcut.user.id)),
    writer === shortcut.user.id ? null : bounded('author', authorName(client, writer)),
    bounded('permalink', messagePermalink(client, channel.id, message.ts)),
  ]);
  const text = typeof message.text === 'string' ? message.text : '';
  await client.views.open({
    trigger_id: shortcut.trigger_id,
    view: renderPostModal({
      values: {
        content: sharedContent({ text, sharer, author, permalink }),
      },
      meta: {
        originChannel: channel.id,
        share: { channel: channel.id, ts: message.ts, ...(permalink ? { permalink } : {}) },
        files: messageFilesOf(message).slice(0, MAX_META_FILES),
      },
    }),
  });
}
