/**
 * A platform file asked for in a conversation (`/source file <id>`, "Show file in Slack"): posted there — or, in a
 * conversation shared with another organisation, sent to the person's DM with the app, with a private note in the
 * conversation offering to share it there (their choice, confirmed first).
 */
import type { WebClient } from '@slack/web-api';
import { z } from 'zod';
import type { BaseDeps } from '../../base/deps.ts';
import { decodeValue } from '../../kit/button-value.ts';
import { escapeMrkdwn } from '../../kit/blocks/mrkdwn.ts';
import { section } from '../../kit/blocks/text-blocks.ts';
import { privateAnswer } from '../render/share-offer.ts';
import { sharedWithOtherOrg } from './shared-conversation.ts';
import { sendPlatformFileToSlack, type PlatformFileResult } from '../transfer/send-platform-file.ts';

export const FILE_SHARE_HERE = 'file_share_here';

export interface BringRequest {
  client: WebClient;
  fileId: string;
  /** The conversation Slack signed the request in (command channel, clicked message's channel). */
  channel: string;
  /** Its name in that payload (`directmessage` for a DM). */
  channelName?: string | undefined;
  user: string;
  threadTs?: string;
}

export interface Brought {
  result: PlatformFileResult;
  /** Set when the file went to the person's DM: the private note to show them where they asked. */
  privateNote?: { text: string; blocks: object[] };
}

export async function bringPlatformFile(deps: BaseDeps, req: BringRequest): Promise<Brought> {
  const { client, fileId, channel, user, threadTs } = req;
  if (!(await sharedWithOtherOrg(client, channel, { channelName: req.channelName }))) {
    return {
      result: await sendPlatformFileToSlack(deps, {
        client,
        fileId,
        channel,
        ...(threadTs ? { threadTs } : {}),
      }),
    };
  }
  const result = await sendPlatformFileToSlack(deps, {
    client,
    fileId,
    channel,
    privately: {
      user,
      intro: (name) =>
        `${escapeMrkdwn(name)}, as you asked in <#${channel}> — a channel shared with another organisation, so it is here, for you only.`,
    },
  });
  if (!result.ok) return { result };
  const name = escapeMrkdwn(result.name);
  const privateNote = privateAnswer(
    { text: `${result.name} is in our DM.`, blocks: [section(`Platform file *${name}* is in our DM.`)] },
    {
      actionId: FILE_SHARE_HERE,
      value: encodeShareHere({ f: fileId, ...(threadTs ? { t: threadTs } : {}) }),
      what: `the platform file ${result.name}`,
    },
  );
  return { result, privateNote };
}

/** The Share in channel button of a platform file: which file, and the thread it was asked for in. */
const shareHere = z.object({ f: z.string().min(1).max(128), t: z.string().max(40).optional() });
export type ShareHereValue = z.infer<typeof shareHere>;
export const encodeShareHere = (value: ShareHereValue) => JSON.stringify(value);
export const decodeShareHere = (raw: string | undefined) => decodeValue(shareHere, raw);
