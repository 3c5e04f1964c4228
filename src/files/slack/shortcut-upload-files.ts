/**
 * Message shortcut "Upload files to the platform": a small modal listing the message's files and asking where
 * they belong (a site or data source, which names the company; optional when a company is configured).
 */
import type { AllMiddlewareArgs, MessageShortcut, SlackShortcutMiddlewareArgs } from '@slack/bolt';
import type { Deps } from '../../base/deps.ts';
import { messageFilesOf } from '../../kit/blocks/file-list.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { encodeUploadMeta } from '../render/file-upload-meta.ts';
import { renderUploadModal } from '../render/file-upload.ts';

export type UploadFilesArgs = SlackShortcutMiddlewareArgs<MessageShortcut> & AllMiddlewareArgs;

export async function handleUploadFilesShortcut(
  { ack, shortcut, client, respond }: UploadFilesArgs,
  deps: Pick<Deps, 'config'>,
): Promise<void> {
  await ack();
  const files = messageFilesOf(shortcut.message);
  if (files.length === 0) {
    await respond(ephemeralNote('That message has no files to upload.'));
    return;
  }
  if (!files.some((f) => f.usable)) {
    await respond(
      ephemeralNote(
        'None of the files on that message can be uploaded: the platform takes files from 100 B to 100 MB.',
      ),
    );
    return;
  }
  const meta = encodeUploadMeta({
    channel: shortcut.channel.id,
    messageTs: shortcut.message.ts,
    ...(shortcut.message.thread_ts && shortcut.message.thread_ts !== shortcut.message.ts
      ? { threadTs: shortcut.message.thread_ts }
      : {}),
    // Every file goes to the job, so one outside the size rule gets its own line in the result.
    fileIds: files.map((f) => f.id),
  });
  await client.views.open({
    trigger_id: shortcut.trigger_id,
    view: renderUploadModal(files, {
      companyConfigured: Boolean(deps.config.companyId),
      privateMetadata: meta,
    }),
  });
}
