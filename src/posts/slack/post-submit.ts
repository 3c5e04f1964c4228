/**
 * view_submission of the post modal: validate inline (errors on the exact field), ack "Posting…", publish as a
 * job (src/runtime/jobs/hand-off.ts; a full queue keeps the form open with everything typed).
 */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import { readPostValues, validatePostValues } from './post-form.ts';
import { decodePostMeta } from '../render/post-meta.ts';
import { POST_CALLBACK_ID, POST_FIELDS, renderPostProgress } from '../render/post-modal.ts';
import { publishFromModal } from './post-publish.ts';
import type { PublishDeps } from './publish-post.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

export type PostSubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** A full queue refuses a post before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const PUBLISH_AT_DOOR = {
  view: POST_CALLBACK_ID,
  kind: 'posts.publish',
  busyBlock: POST_FIELDS.content,
} satisfies DoorRule;

export async function handlePostSubmit(args: PostSubmitArgs, deps: PublishDeps): Promise<void> {
  const { ack, body, view, client } = args;
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
  const progress = { response_action: 'update', view: renderPostProgress(meta, result.fileIds.length) };
  if (!(await handOff(args, PUBLISH_AT_DOOR.kind, { ack: progress, busyBlock: PUBLISH_AT_DOOR.busyBlock })))
    return;
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
