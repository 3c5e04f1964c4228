/** The Retry button on an upload result: the failed files again, progress in the same message, as a job. */
import { actionEntry, toWork } from '../../kit/entry.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { decodeRetryValue } from '../render/file-retry-value.ts';
import { FILE_RETRY } from '../render/file-upload.ts';
import { runUploadJob, type UploadJobDeps } from '../flows/upload-job.ts';

export const fileRetry = (deps: UploadJobDeps) =>
  actionEntry<undefined>({
    match: FILE_RETRY,
    kind: 'files.retry',
    // The click is only acked; reading the button and the upload are the job's work.
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      const value = decodeRetryValue(action.type === 'button' ? action.value : undefined);
      const message = body.message;
      const channel = body.channel?.id ?? body.container.channel_id;
      // The value names the files' conversation; it must be this one (a value is no authority, see transfer-one).
      if (!value || !message?.ts || !channel || value.channel !== channel) {
        await respond(ephemeralNote('This Retry button is out of date; run the shortcut again.'));
        return;
      }
      await runUploadJob(deps, {
        client,
        user: body.user.id,
        channel: value.channel,
        ...(value.messageTs ? { messageTs: value.messageTs } : {}),
        fileIds: value.fileIds,
        target: { resolved: value.target },
        progress: { channel, ts: message.ts },
      });
    },
  });
