/**
 * view_submission of the upload modal: check the target inline, close the modal, upload as a job (a full queue
 * keeps the modal open with the target chosen, "busy" on that input).
 */
import { NO_COMPANY_TEXT, type TargetChoice } from '../transfer/index.ts';
import { targetChoiceOf } from '../service/upload-targets.ts';
import { decodeUploadMeta } from '../render/file-upload-meta.ts';
import { FILE_TARGET, FILE_UPLOAD_CALLBACK_ID } from '../render/file-upload.ts';
import { answer, toWork, viewEntry } from '../../kit/entry.ts';
import { formValues, inputOf } from '../../kit/blocks/view-state.ts';
import { runUploadJob, type UploadJobDeps } from '../flows/upload-job.ts';

/** The upload modal's one input, the target. */
const uploadValues = formValues([FILE_TARGET]);

/** The checked form: whose files, on which message, to which target. */
interface UploadCarry {
  user: string;
  channel: string;
  messageTs: string;
  threadTs?: string;
  fileIds: string[];
  choice: TargetChoice;
}

export const fileUploadSubmit = (deps: UploadJobDeps) =>
  viewEntry<UploadCarry>({
    callbackId: FILE_UPLOAD_CALLBACK_ID,
    kind: 'files.upload',
    busyBlock: FILE_TARGET,
    receive({ body, view }) {
      const parsed = uploadValues.safeParse(view.state.values);
      const choice = targetChoiceOf(
        parsed.success ? inputOf(parsed.data, FILE_TARGET)?.selected_option?.value : undefined,
      );
      const meta = decodeUploadMeta(view.private_metadata);
      if (!choice && !deps.config.companyId)
        return answer({ response_action: 'errors', errors: { [FILE_TARGET]: NO_COMPANY_TEXT } });
      if (!meta || meta.fileIds.length === 0)
        return answer({
          response_action: 'errors',
          errors: { [FILE_TARGET]: 'This form lost track of its files; run the shortcut again.' },
        });
      // Accepted: the ack closes the modal; progress appears in the message's thread.
      return toWork({
        user: body.user.id,
        channel: meta.channel,
        messageTs: meta.messageTs,
        ...(meta.threadTs ? { threadTs: meta.threadTs } : {}),
        fileIds: meta.fileIds,
        choice: choice ?? {},
      });
    },
    async work({ client }, { choice, ...upload }) {
      await runUploadJob(deps, { client, ...upload, target: { choice } });
    },
  });
