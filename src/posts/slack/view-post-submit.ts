/**
 * view_submission of the post modal: validate inline (errors on the exact field), ack "Posting…", publish as a
 * job (a full queue keeps the form open with everything typed, "busy" on the content input).
 */
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { readPostValues, validatePostValues } from '../flows/post-form.ts';
import { decodePostMeta } from '../render/post-meta.ts';
import { POST_CALLBACK_ID, POST_FIELDS, renderPostProgress } from '../render/post-modal.ts';
import { publishFromModal, type PostJob } from '../flows/publish-from-modal.ts';
import type { PublishDeps } from '../flows/publish-post.ts';

/** The valid form as read on receipt: what to publish and where to answer. */
type PostCarry = Omit<PostJob, 'client'>;

export const postSubmit = (deps: PublishDeps) =>
  viewEntry<PostCarry>({
    callbackId: POST_CALLBACK_ID,
    kind: 'posts.publish',
    busyBlock: POST_FIELDS.content,
    receive({ body, view }) {
      const values = readPostValues(view.state.values);
      const meta = decodePostMeta(view.private_metadata);
      const result = validatePostValues(
        values,
        meta.files.filter((f) => f.usable).map((f) => f.id),
      );
      if (!result.ok) return answer({ response_action: 'errors', errors: result.errors });
      const progress = { response_action: 'update', view: renderPostProgress(meta, result.fileIds.length) };
      return toWork(
        {
          viewId: view.id,
          user: body.user.id,
          values,
          meta,
          draft: result.draft,
          fileIds: result.fileIds,
        },
        { ack: progress },
      );
    },
    work: ({ client }, carry) => publishFromModal(deps, { client, ...carry }),
  });
