/** view_submission of the upload modal: check the target inline, close the modal, upload as a job. */
import type { AllMiddlewareArgs, SlackViewMiddlewareArgs, ViewSubmitAction } from '@slack/bolt';
import { NO_COMPANY_TEXT } from './transfer/index.ts';
import { targetChoiceOf } from '../service/upload-targets.ts';
import { decodeUploadMeta } from '../render/file-upload-meta.ts';
import { FILE_TARGET, FILE_UPLOAD_CALLBACK_ID } from '../render/file-upload.ts';
import { formValues, inputOf } from '../../kit/blocks/view-state.ts';
import { runUploadJob, type UploadJobDeps } from './file-upload-job.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';
import type { DoorRule } from '../../runtime/jobs/door.ts';

/** The upload modal's one input, the target. */
const uploadValues = formValues([FILE_TARGET]);

export type FileUploadSubmitArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;

/** A full queue refuses an upload before its checks, as `handOff` would after them (kit/jobs/door.ts). */
export const UPLOAD_AT_DOOR = {
  view: FILE_UPLOAD_CALLBACK_ID,
  kind: 'files.upload',
  busyBlock: FILE_TARGET,
} satisfies DoorRule;

export async function handleFileUploadSubmit(args: FileUploadSubmitArgs, deps: UploadJobDeps): Promise<void> {
  const { ack, body, view, client } = args;
  const parsed = uploadValues.safeParse(view.state.values);
  const choice = targetChoiceOf(
    parsed.success ? inputOf(parsed.data, FILE_TARGET)?.selected_option?.value : undefined,
  );
  const meta = decodeUploadMeta(view.private_metadata);
  if (!choice && !deps.config.companyId) {
    await ack({ response_action: 'errors', errors: { [FILE_TARGET]: NO_COMPANY_TEXT } });
    return;
  }
  if (!meta || meta.fileIds.length === 0) {
    await ack({
      response_action: 'errors',
      errors: { [FILE_TARGET]: 'This form lost track of its files; run the shortcut again.' },
    });
    return;
  }
  // src/runtime/jobs/hand-off.ts: a full queue keeps the modal open with the target chosen.
  if (!(await handOff(args, UPLOAD_AT_DOOR.kind, { busyBlock: UPLOAD_AT_DOOR.busyBlock }))) return;
  await runUploadJob(deps, {
    client,
    user: body.user.id,
    channel: meta.channel,
    messageTs: meta.messageTs,
    ...(meta.threadTs ? { threadTs: meta.threadTs } : {}),
    fileIds: meta.fileIds,
    target: { choice: choice ?? {} },
  });
}
