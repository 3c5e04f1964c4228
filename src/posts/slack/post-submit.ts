/** view_submission of the post modal: validate inline (errors on the exact field), ack "Posting…", publish. */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { readPostValues, validatePostValues } from './post-form.ts';
import { decodePostMeta } from '../render/post-meta.ts';
import { renderPostProgress } from '../render/post-modal.ts';
import { publishFromModal } from './post-publish.ts';
import type { PublishDeps } from './publish-post.ts';

export type PostSubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

export async function handlePostSubmit(
  { ack, body, view, client }: PostSubmitArgs,
  deps: PublishDeps,
): Promise<void> {
  const values = readPostValues(view.state.values);
  const meta = decodePostMeta(view.private_metadata);
  const result = validatePostValues(
    values,
    meta.files.filter((f) => f.usable).map((f) => f.id),
  );
  if (!result.ok) {
    await ack({ response_action: 'errors', errors: result.errors });
    return;
  }
  await ack({ response_action: 'update', view: renderPostProgress(meta, result.fileIds.length) });
  await publishFromModal(deps, {
    client,
    viewId: view.id,
    user: body.user.id,
    values,
    meta,
    draft: result.draft,
    fileIds: result.fileIds,
  });
}
