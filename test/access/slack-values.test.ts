/**
 * A value that came back from Slack (button value, option value) is no authority. A Retry button forged to name a
 * Slack file from another conversation does not make fieldline download it with its bot token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { encodeRetryValue } from '../../src/files/render/file-retry-value.ts';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
});
afterAll(async () => {
  await h?.stop();
});

/** A file only shared in the private #shift-leads (Ana is not asking from there). */
function privateFile(): string {
  h.standin.addChannel({
    id: 'G0PRIVATE',
    name: 'shift-leads',
    is_private: true,
    is_im: false,
    is_member: true,
  });
  const file = h.standin.addFile({
    name: 'salaries.pdf',
    content: Buffer.alloc(4096, 1),
    mimetype: 'application/pdf',
  });
  h.standin.addMessage({ channel: 'G0PRIVATE', text: 'confidential', files: [file.id], user: 'U0DAV' });
  return file.id;
}

/** A result message of the app's own with a Retry button whose value was edited. */
async function forgedRetry(fileId: string, filesChannel: string): Promise<StoredMessage> {
  const value = encodeRetryValue({ fileIds: [fileId], target: { companyId: '42' }, channel: filesChannel })!;
  // The seeded workspace's bot token: installed with OAuth, the app's client has none of its own.
  const posted = await h.app.app.client.chat.postMessage({
    token: h.standin.botToken,
    channel: 'C0GENERAL',
    text: 'upload failed',
    blocks: [
      {
        type: 'actions',
        elements: [
          { type: 'button', action_id: 'file_retry', value, text: { type: 'plain_text', text: 'Retry' } },
        ],
      },
    ],
  });
  return h.standin.messages('C0GENERAL').find((m) => m.ts === posted.ts)!;
}

describe('forged Slack file ids', () => {
  it.each([
    ['names the private conversation as the files’ home', 'G0PRIVATE', 'out of date'],
    ['claims the file is in this channel', 'C0GENERAL', 'not shared in this conversation'],
  ])('a Retry value that %s downloads nothing and says why', async (_case, filesChannel, why) => {
    const fileId = privateFile();
    const message = await forgedRetry(fileId, filesChannel);
    const before = h.standin.messages('C0GENERAL').length;
    await h.driver.blockAction({ actionId: 'file_retry', message, channel: 'C0GENERAL', user: 'U0ANA' });
    await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(before - 1)
        .find((m) => textOf(m).includes(why)),
    );
    await h.app.whenIdle();
    expect(h.standin.fileRequests().filter((r) => r.fileId === fileId)).toEqual([]);
    expect(h.sandbox.admin.written().uploads).toEqual([]);
  });
});
