/** Helpers of the access tests: commands as a person, the answer they got, the platform calls made meanwhile. */
import { notConnectedBlocks } from '../../src/access/render/connect.ts';
import { TEAM, type StoredMessage, type StoredView } from '../../src/slack-standin/index.ts';
import { viewOpenedSince } from '../fixtures/opened-view.ts';
import { waitFor, type Harness } from '../harness.ts';

/** Runs `/command text` as `user` in `channel` and returns the first message shown only to them afterwards. */
export async function answerTo(
  h: Harness,
  input: { command: string; text: string; user: string; channel?: string },
): Promise<StoredMessage> {
  const channel = input.channel ?? 'C0GENERAL';
  const before = h.standin.messages(channel).length;
  const res = await h.driver.command({ ...input, channel });
  // An answer given in the ack itself (refusals known at once) is shown by Slack as an ephemeral message.
  const inAck = (res.body as { text?: string } | undefined)?.text;
  if (inAck)
    return { channel, ts: '0', text: inAck, ephemeralTo: input.user, blocks: [] } as unknown as StoredMessage;
  return waitFor(() =>
    h.standin
      .messages(channel)
      .slice(before)
      .find((m) => m.ephemeralTo === input.user),
  );
}

/** A mark in the sandbox's request log; `platformCallsSince(h, mark)` lists the API calls made after it. */
export const requestMark = (h: Harness) => h.sandbox.admin.requests().length;

export function platformCallsSince(h: Harness, mark: number) {
  return h.sandbox.admin
    .requests()
    .slice(mark)
    .filter((r) => r.kind === 'api');
}

export const textOf = (m: StoredMessage) => `${m.text ?? ''} ${JSON.stringify(m.blocks ?? [])}`;

/** A single-channel guest the seeded workspace does not have. */
export const SINGLE_CHANNEL_GUEST = {
  id: 'U0ULT',
  name: 'una.single',
  real_name: 'Una Single',
  tz: 'UTC',
  is_restricted: true,
  is_ultra_restricted: true,
};

/** Connects `slackUser` with a fresh personal key of the platform user `userId` limited to `siteIds`; returns it. */
export async function connectKey(h: Harness, slackUser: string, userId: string, siteIds: string[]) {
  const key = h.sandbox.admin.mintKey({ userId, siteIds });
  await h.deps.access.vault!.save(TEAM.id, slackUser, key);
  return key;
}

/** Opens the Connect modal from a "connect your account" offer in #general, as `user`. */
export async function openConnect(h: Harness, user: string): Promise<StoredView> {
  const offer: StoredMessage = h.standin.addMessage({
    channel: 'C0GENERAL',
    user: h.standin.botUserId,
    text: 'connect',
    blocks: notConnectedBlocks() as never,
  });
  const before = h.standin.views().length;
  await h.driver.blockAction({ actionId: 'access_connect', message: offer, channel: 'C0GENERAL', user });
  return viewOpenedSince(h, before, 'access_connect_view');
}

/** A message in #general with the Disconnect button, as App Home and replies show it. */
export function disconnectMessage(h: Harness): StoredMessage {
  return h.standin.addMessage({
    channel: 'C0GENERAL',
    user: h.standin.botUserId,
    text: 'account',
    blocks: [
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: 'access_disconnect',
            text: { type: 'plain_text', text: 'Disconnect' },
          },
        ],
      },
    ] as never,
  });
}

/** Presses Disconnect as `user` (a new message with the button each time). */
export function pressDisconnect(h: Harness, user: string) {
  return h.driver.blockAction({
    actionId: 'access_disconnect',
    message: disconnectMessage(h),
    channel: 'C0GENERAL',
    user,
  });
}
