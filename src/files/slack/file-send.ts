/** "Show file in Slack" on cards that carry platform file ids: the file goes into the card's thread. */
import type { BaseDeps } from '../../base/deps.ts';
import { sendPlatformFileToSlack } from './transfer/index.ts';
import { FILE_SEND, platformFileFailureText } from '../render/file-send-button.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import type { FileButtonArgs } from './file-retry.ts';
import { handOff } from '../../runtime/jobs/hand-off.ts';

/** One action id per file on a card (`file_send`, `file_send_1`, …): Slack wants them unique in a message. */
export const FILE_SEND_ACTION = new RegExp(`^${FILE_SEND}(_\\d+)?$`);

export async function handleFileSend(args: FileButtonArgs, deps: BaseDeps): Promise<void> {
  const { body, action, client, respond } = args;
  // Download from the platform and upload to Slack are a job's work (src/runtime/jobs/hand-off.ts).
  if (!(await handOff(args, 'files.send'))) return;
  const channel = body.channel?.id ?? body.container.channel_id;
  if (!channel) {
    await respond(ephemeralNote('Files can be brought into channels and DMs only.'));
    return;
  }
  const threadTs = body.message?.thread_ts ?? body.message?.ts;
  const result = await sendPlatformFileToSlack(deps, {
    client,
    fileId: action.value ?? '',
    channel,
    ...(threadTs ? { threadTs } : {}),
  });
  if (!result.ok) {
    await respond(ephemeralNote(escapeMrkdwn(platformFileFailureText(result.fileId, result.reason))));
  }
}
