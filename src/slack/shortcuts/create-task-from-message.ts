/**
 * Message shortcut "Create task from message": the create modal prefilled from the message (title from its
 * first line; description = text, author and permalink; its files offered for upload). The card is posted in
 * the message's thread after creation. Lookups are bounded so the modal opens within the trigger's 3 s.
 */
import type { App } from '@slack/bolt';
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { Deps } from '../../deps.ts';
import { within } from '../../services/tasks/budget.ts';
import { openCreateTaskModal } from '../views/task-create-open.ts';
import { descriptionFromMessage, filesOf, titleFromText } from './task-from-message.ts';

const LOOKUP_MS = 1_000;
const userInfo = z.looseObject({
  user: z
    .looseObject({
      name: z.string().optional(),
      real_name: z.string().optional(),
      profile: z
        .looseObject({ real_name: z.string().optional(), display_name: z.string().optional() })
        .optional(),
    })
    .optional(),
});

async function authorName(client: WebClient, user: string | undefined): Promise<string | null> {
  if (!user) return null;
  const info = userInfo.parse(await client.users.info({ user })).user;
  return info?.real_name || info?.profile?.real_name || info?.name || null;
}

export function registerCreateTaskFromMessage(app: App, deps: Deps): void {
  app.shortcut(
    { callback_id: 'create_task_from_message', type: 'message_action' },
    async ({ ack, shortcut, client }) => {
      await ack();
      const { channel, message } = shortcut;
      const text = typeof message.text === 'string' ? message.text : '';
      const author = typeof message.user === 'string' ? message.user : undefined;
      const [name, permalink] = await Promise.all([
        within(authorName(client, author), LOOKUP_MS).catch(() => undefined),
        within(
          client.chat
            .getPermalink({ channel: channel.id, message_ts: message.ts })
            .then((r) => r.permalink ?? null),
          LOOKUP_MS,
        ).catch(() => undefined),
      ]);
      const threadTs = typeof message.thread_ts === 'string' ? message.thread_ts : undefined;
      await openCreateTaskModal(deps, client, shortcut.trigger_id, {
        name: titleFromText(text),
        description: descriptionFromMessage({
          text,
          permalink: permalink ?? null,
          author: name ?? (author ? `Slack user ${author}` : null),
        }),
        origin: { channel: channel.id, ts: message.ts, ...(threadTs ? { threadTs } : {}) },
        slackFiles: filesOf(message),
        ...(permalink ? { permalink } : {}),
      });
    },
  );
}
