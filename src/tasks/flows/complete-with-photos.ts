/**
 * After "Complete with photos" is submitted (a job): the task read again with the person's own key, each photo
 * uploaded to the platform (./photo-upload.ts), and only when every photo is there the status changes to Done
 * (the card updated in place, the change and the photos noted in its thread). Any photo that fails keeps the task
 * open: the person is told which and why, what did go up is kept (and counted on the next try), and the form can
 * be opened again from the answer.
 *
 * contract gap: a signed upload "creates no file record or file ID" until the platform has processed it, and the
 * Task record lists no `fileIds`; fieldline therefore cannot learn the new files' ids nor the task's existing
 * ones, so it does not PATCH `fileIds` (a PATCH with only new ids could replace attachments it cannot see). Each
 * upload carries the task in its `originProperties` instead (returned by GET /files/{fileId}).
 */
import type { WebClient } from '@slack/web-api';
import PQueue from 'p-queue';
import type { Deps } from '../../base/deps.ts';
import type { Task } from '../../monitoring/api.ts';
import { FileTransferError, resolveTarget, DEFAULT_FILE_TRANSFER } from '../../files/index.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { renderNotice, notVisibleText } from '../render/task-notices.ts';
import { unknownStatusText } from '../render/task-card.ts';
import { photosNote, renderPhotosFailed, type PhotoMeta } from '../render/photo-modal.ts';
import { createPhotoStore, type UploadedPhoto } from '../service/photo-store.ts';
import { changeTask, type ChangeContext, type TaskChangeDeps } from './change-task.ts';
import { noteInThread, replaceViaResponseUrl, tellUser } from './deliver.ts';
import { uploadPhoto, type PhotoResult } from './photo-upload.ts';

export type PhotoDeps = TaskChangeDeps &
  Pick<Deps, 'store' | 'clock' | 'config' | 'monitoring' | 'sharedMonitoring' | 'scope'> &
  Partial<Pick<Deps, 'fileTransfer'>>;

export interface PhotoSubmission {
  client: WebClient;
  user: string;
  /** The workspace (installation) key; undefined when the request named none (nothing is remembered then). */
  workspace: string | undefined;
  meta: PhotoMeta;
  /** Slack file ids from the form's file_input: checked one by one, never trusted. */
  fileIds: string[];
}

const DONE = 'Done';

export async function completeWithPhotos(deps: PhotoDeps, sub: PhotoSubmission): Promise<void> {
  const { client, user, meta } = sub;
  const tell = (text: string) =>
    tellUser(client, { user, ...(meta.channel ? { channel: meta.channel } : {}) }, renderNotice(text));
  const photos = createPhotoStore(deps.store);

  // The platform decides, with this person's key, whether they see the task (the form's task id is no authority).
  let task: Task | undefined;
  try {
    const known = await deps.tasks.get(meta.taskId);
    task = known ? ((await deps.tasks.refresh(known)) ?? undefined) : undefined;
  } catch (err) {
    return void (await tell(`${userMessageFor(err).text}\nNo photo was uploaded; the task is unchanged.`));
  }
  if (!task) return void (await tell(`${notVisibleText(meta.taskId)} No photo was uploaded.`));

  await deps.directory.statuses.refresh().catch(() => undefined);
  const doneId = deps.directory.statuses.idFor(DONE);
  if (doneId === undefined)
    return void (await tell(`${unknownStatusText([DONE])} No photo was uploaded; try again later.`));

  const earlier = sub.workspace ? await photos.uploaded(sub.workspace, task.id) : [];
  const results = await uploadAll(deps, sub, task);
  const ok = results.filter((r): r is Extract<PhotoResult, { ok: true }> => r.ok);
  const failed = results.filter((r): r is Extract<PhotoResult, { ok: false }> => !r.ok);
  const now = deps.clock.now();
  const kept: UploadedPhoto[] =
    sub.workspace && ok.length > 0
      ? await photos.addUploaded(
          sub.workspace,
          task.id,
          ok.map((r) => ({ slackFileId: r.slackFileId, name: r.name, by: user, at: now })),
        )
      : [...earlier, ...ok.map((r) => ({ slackFileId: r.slackFileId, name: r.name, by: user, at: now }))];

  if (failed.length > 0 || kept.length === 0) {
    // The answer's "Complete with photos" then completes this card, not only the answer.
    if (sub.workspace && meta.channel && meta.ts)
      await photos
        .keepPlace(sub.workspace, task.id, user, {
          channel: meta.channel,
          ts: meta.ts,
          ...(meta.threadTs ? { threadTs: meta.threadTs } : {}),
        })
        .catch(() => undefined);
    const outcome = {
      taskName: task.name,
      uploaded: ok.map((r) => r.name),
      failed: failed.length > 0 ? failed.map((r) => r.reason) : ['No photo was added.'],
      earlier: earlier.map((p) => p.name),
    };
    await tellUser(
      client,
      { user, ...(meta.channel ? { channel: meta.channel } : {}) },
      renderPhotosFailed(outcome, task.id),
    );
    return;
  }

  // Every photo is on the platform: now the status changes (PATCH with the person's key, card, thread note).
  const ctx = changeContextOf(client, user, meta);
  await changeTask(deps, ctx, task.id, { statusId: doneId }, { before: task });
  const names = kept.map((p) => p.name);
  if (ctx.place) await noteInThread(client, ctx.place, photosNote(user, names)).catch(() => undefined);
  else
    await tell(
      `:camera: ${names.length} photo${names.length === 1 ? '' : 's'} of “${safeName(task.name, 200)}” on the platform: ${names.map((n) => safeName(n, 100)).join(', ')}.`,
    );
}

async function uploadAll(deps: PhotoDeps, sub: PhotoSubmission, task: Task): Promise<PhotoResult[]> {
  if (sub.fileIds.length === 0) return [];
  let target;
  try {
    target = await resolveTarget(
      deps,
      task.device ? { dataSourceId: task.device.id } : { siteId: task.site?.id ?? '' },
    );
  } catch (err) {
    const why = err instanceof FileTransferError ? err.userText : userMessageFor(err).text;
    return sub.fileIds
      .map((slackFileId) => ({
        slackFileId,
        name: 'a photo',
        ok: false as const,
        reason: `No photo was uploaded: ${why}`,
      }))
      .slice(0, 1);
  }
  const queue = new PQueue({
    concurrency: Math.max(1, (deps.fileTransfer ?? DEFAULT_FILE_TRANSFER).concurrency),
  });
  return Promise.all(
    sub.fileIds.map((id) =>
      queue.add(
        () => uploadPhoto(deps, { client: sub.client, user: sub.user, target, taskId: task.id }, id),
        {
          throwOnTimeout: true,
        },
      ),
    ),
  );
}

function changeContextOf(client: WebClient, user: string, meta: PhotoMeta): ChangeContext {
  const ctx: ChangeContext = { client, user };
  if (meta.channel) ctx.channel = meta.channel;
  if (meta.channel && meta.ts)
    ctx.place = { channel: meta.channel, ts: meta.ts, ...(meta.threadTs ? { threadTs: meta.threadTs } : {}) };
  const responseUrl = meta.responseUrl;
  if (responseUrl) ctx.replaceEphemeral = (card) => replaceViaResponseUrl(responseUrl, card);
  return ctx;
}
