/**
 * "Show file in Slack" on cards that carry platform file ids: the file goes into the card's thread, as a job — or,
 * in a conversation shared with another organisation, to the clicker's DM with a private offer to share it.
 */
import type { BaseDeps } from '../../base/deps.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { bringPlatformFile } from '../flows/bring-platform-file.ts';
import { FILE_SEND, platformFileFailureText } from '../render/file-send-button.ts';

/** One action id per file on a card (`file_send`, `file_send_1`, …): Slack wants them unique in a message. */
export const FILE_SEND_ACTION = new RegExp(`^${FILE_SEND}(_\\d+)?$`);

export const fileSend = (deps: BaseDeps) =>
  actionEntry<undefined>({
    match: FILE_SEND_ACTION,
    kind: 'files.send',
    // The click is only acked; the download from the platform and the upload to Slack are the job's work.
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      const channel = body.channel?.id ?? body.container.channel_id;
      if (!channel) {
        await respond(ephemeralNote('Files can be brought into channels and DMs only.'));
        return;
      }
      const threadTs = body.message?.thread_ts ?? body.message?.ts;
      const { result, privateNote } = await bringPlatformFile(deps, {
        client,
        fileId: (action.type === 'button' ? action.value : undefined) ?? '',
        channel,
        channelName: body.channel?.name,
        user: body.user.id,
        ...(threadTs ? { threadTs } : {}),
      });
      if (!result.ok) {
        await respond(ephemeralNote(escapeMrkdwn(platformFileFailureText(result.fileId, result.reason))));
        return;
      }
      if (privateNote) await respond({ response_type: 'ephemeral', replace_original: false, ...privateNote });
    },
  });
