/** view_submission of the post modal: validate inline (errors on the exact field), ack "Posting…", publish. */
import type { App } from '@slack/bolt';
import type { Deps } from '../../deps.ts';
import { readPostValues, validatePostValues } from './post-form.ts';
import { decodePostMeta } from '../render/post-meta.ts';
import { POST_CALLBACK_ID, renderPostProgress } from '../render/post-modal.ts';
import { publishFromModal } from './post-publish.ts';

export function registerPostSubmit(app: App, deps: Deps): void {
  app.view(POST_CALLBACK_ID, async ({ ack, body, view, client }) => {
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
  });
}
