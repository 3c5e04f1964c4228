/**
 * Message shortcut "Create task from message": the create modal prefilled from the message (title from its
 * first line; description = text, author and permalink; its files offered for upload; the site when the person
 * sees only one; an alert message's device, site and, when critical, High priority). The card is posted in
 * the message's thread after creation. Lookups are bounded so the modal opens within the trigger's 3 s.
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import { within } from '../../kit/time-budget.ts';
import { openCreateTaskModal, type OpenTaskModalDeps } from '../flows/create-open.ts';
import { authorName, messagePermalink } from '../../kit/message-origin.ts';
import { messageFilesOf } from '../../kit/blocks/file-list.ts';
import type { SlackFileRef } from '../render/task-create-modal.ts';
import { descriptionFromMessage, titleFromText } from '../rules/from-message.ts';
import { messagePrefill, type MessagePrefillHooks } from '../flows/message-prefill.ts';

const LOOKUP_MS = 1_000;

export async function handleCreateTaskFromMessage(
  { ack, shortcut, client }: SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs,
  deps: OpenTaskModalDeps & MessagePrefillHooks,
): Promise<void> {
  await ack();
  const { channel, message } = shortcut;
  const text = typeof message.text === 'string' ? message.text : '';
  const author = typeof message.user === 'string' ? message.user : undefined;
  const [name, permalink, known] = await Promise.all([
    within(authorName(client, author), LOOKUP_MS).catch(() => undefined),
    within(messagePermalink(client, channel.id, message.ts), LOOKUP_MS).catch(() => undefined),
    // the person's only site, an alert's device and priority (the channel is the signed payload's)
    messagePrefill(deps, channel.id, { ts: message.ts, blocks: message.blocks }, LOOKUP_MS),
  ]);
  const threadTs = typeof message.thread_ts === 'string' ? message.thread_ts : undefined;
  await openCreateTaskModal(deps, client, shortcut.trigger_id, {
    ...known,
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
}

/** The message's first ten files, offered for upload with the task. */
export function filesOf(message: unknown): SlackFileRef[] {
  return messageFilesOf(message)
    .slice(0, 10)
    .map((f) => ({ id: f.id, name: f.name }));
}
