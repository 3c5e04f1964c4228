/** The Retry button on an upload result: the failed files again, progress in the same message. */
import type { AllMiddlewareArgs, BlockButtonAction, SlackActionMiddlewareArgs } from '@slack/bolt';
import { decodeRetryValue } from '../render/file-retry-value.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { runUploadJob, type UploadJobDeps } from './file-upload-job.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';

export type FileButtonArgs = SlackActionMiddlewareArgs<BlockButtonAction> & AllMiddlewareArgs;

export async function handleFileRetry(args: FileButtonArgs, deps: UploadJobDeps): Promise<void> {
  const { body, action, client, respond } = args;
  // The upload is a job's work (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'files.retry'))) return;
  const value = decodeRetryValue(action.value);
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
}
