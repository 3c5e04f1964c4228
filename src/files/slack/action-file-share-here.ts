/**
 * "Share in channel" under a platform file sent privately (a conversation shared with another organisation): the
 * person chose, after the confirmation, to post it in the conversation they clicked in — Slack's signed container,
 * never one named in the value. The file is fetched again with the clicker's own platform key.
 */
import type { BaseDeps } from '../../base/deps.ts';
import { actionEntry, toWork } from '../../kit/entry.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { ephemeralNote } from '../../kit/blocks/ephemeral-note.ts';
import { decodeShareHere, FILE_SHARE_HERE } from '../flows/bring-platform-file.ts';
import { platformFileFailureText } from '../render/file-send-button.ts';
import { sendPlatformFileToSlack } from '../transfer/send-platform-file.ts';

export const fileShareHere = (deps: BaseDeps) =>
  actionEntry<undefined>({
    match: FILE_SHARE_HERE,
    kind: 'files.share-here',
    receive: () => toWork(undefined),
    async work({ body, action, client, respond }) {
      const value = decodeShareHere(action.type === 'button' ? action.value : undefined);
      const channel = body.channel?.id ?? body.container.channel_id;
      if (!value || !channel) {
        await respond(ephemeralNote('That button has expired: ask for the file again.'));
        return;
      }
      const result = await sendPlatformFileToSlack(deps, {
        client,
        fileId: value.f,
        channel,
        sharedBy: body.user.id,
        ...(value.t ? { threadTs: value.t } : {}),
      });
      if (!result.ok) {
        await respond(ephemeralNote(escapeMrkdwn(platformFileFailureText(result.fileId, result.reason))));
        return;
      }
      await respond({
        response_type: 'ephemeral',
        replace_original: true,
        text: `You shared ${escapeMrkdwn(result.name)} in this channel.`,
      });
    },
  });
