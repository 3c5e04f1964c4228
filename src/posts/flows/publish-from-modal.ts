/**
 * After a valid post form was acknowledged (the modal shows "Posting…"): publish, then turn the modal into the
 * confirmation and tell the person where they were. On a platform error the form comes back with everything
 * they typed and the reason on top; if the modal is already gone, the reason and their text arrive as a message.
 */
import type { WebClient } from '@slack/web-api';
import type { PostDraft } from '../rules/post-draft.ts';
import { publishPost, type PublishDeps } from './publish-post.ts';
import { renderPostDone, renderPostModal, type PostFormValues } from '../render/post-modal.ts';
import type { PostMeta } from '../render/post-meta.ts';
import { renderPostConfirmation, renderPostFailure, type SlackMessage } from '../render/post-result.ts';
import { userMessageFor } from '../../kit/errors.ts';
import { tellUser } from '../../kit/reply/index.ts';

export interface PostJob {
  client: WebClient;
  viewId: string;
  user: string;
  values: PostFormValues;
  meta: PostMeta;
  draft: PostDraft;
  fileIds: string[];
}

export async function publishFromModal(deps: PublishDeps, job: PostJob): Promise<void> {
  const origin = {
    channel: job.meta.share?.channel ?? job.meta.originChannel ?? '',
    user: job.user,
    ...(job.meta.share ? { ts: job.meta.share.ts } : {}),
    ...(job.meta.share?.permalink ? { permalink: job.meta.share.permalink } : {}),
  };
  let outcome;
  try {
    outcome = await publishPost(deps, { client: job.client, draft: job.draft, origin, fileIds: job.fileIds });
  } catch (err) {
    const message = userMessageFor(err);
    deps.log.warn({ err, ref: message.ref, user: job.user }, 'post not published');
    const banner = `Not posted yet — ${message.text.replace(/^:warning: /, '')} Your text is kept below.`;
    const reshown = await updateView(
      deps,
      job,
      renderPostModal({ values: job.values, meta: job.meta, banner }),
    );
    if (!reshown)
      await notify(
        deps,
        job,
        renderPostFailure(message.text.replace(/^:warning: /, ''), job.values.content ?? ''),
      );
    return;
  }
  const confirmation = renderPostConfirmation(
    outcome.postId,
    job.values.channel?.label ?? null,
    outcome.files,
  );
  await updateView(deps, job, renderPostDone(confirmation.blocks));
  await notify(deps, job, confirmation);
}

async function updateView(
  deps: PublishDeps,
  job: PostJob,
  view: Parameters<WebClient['views']['update']>[0]['view'],
): Promise<boolean> {
  try {
    await job.client.views.update({ view_id: job.viewId, view });
    return true;
  } catch (err) {
    deps.log.debug({ err }, 'post modal no longer open');
    return false;
  }
}

/** Ephemeral where the person started (channel of /post or of the shared message), else a DM from the app. */
async function notify(deps: PublishDeps, job: PostJob, message: SlackMessage): Promise<void> {
  const channel = job.meta.share?.channel ?? job.meta.originChannel;
  try {
    await tellUser(job.client, { user: job.user, ...(channel ? { channel } : {}) }, message, (err) =>
      deps.log.debug({ err }, 'ephemeral confirmation failed; sending a DM'),
    );
  } catch (err) {
    deps.log.warn({ err }, 'could not confirm a post to its author');
  }
}
