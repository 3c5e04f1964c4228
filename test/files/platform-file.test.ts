/** Platform files into Slack: the "Show file in Slack" button and the service /source file calls. */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { sendPlatformFileToSlack } from '../../src/files/transfer/index.ts';
import { fileSendButton } from '../../src/files/render/file-send-button.ts';
import { expectValidBlockKit } from '../fixtures/block-kit.ts';
import { platformFile } from '../posts/flow-helpers.ts';

let h: Harness;
let client: WebClient;
beforeAll(async () => {
  h = await startHarness();
  client = new WebClient(h.standin.botToken, { slackApiUrl: h.standin.apiUrl });
});
afterAll(async () => {
  await h?.stop();
});

function cardWithFile(fileId: string) {
  return h.standin.addMessage({
    channel: 'C0GENERAL',
    text: 'task card',
    blocks: [{ type: 'actions', elements: [fileSendButton(fileId, 'Show report')] }],
  });
}

describe('platform file into Slack', () => {
  it('uploads the file into the card’s thread with identical bytes, name and type', async () => {
    const fileId = h.sandbox.admin.state.files.find((f) => f.name.endsWith('.pdf'))!.id;
    const expected = await platformFile(h, fileId);
    h.sandbox.admin.clearRequests();
    const card = cardWithFile(fileId);
    await h.driver.blockAction({ actionId: 'file_send', message: card });
    const uploaded = await waitFor(() =>
      h.standin.uploads().find((f) => f.name === expected.record.name && f.completed),
    );
    expect(uploaded.content.equals(expected.bytes)).toBe(true);
    expect(uploaded.channels).toContain('C0GENERAL');
    const complete = h.standin.callsTo('files.completeUploadExternal').at(-1);
    expect(complete?.args.thread_ts).toBe(card.ts);
    expect(String(complete?.args.initial_comment)).toContain('PDF');
    // contract: pre-signed download URLs are fetched without the platform key
    expect(h.sandbox.admin.presignedWithCredentials()).toEqual([]);
    expectValidBlockKit(h.standin);
  });

  it('answers an unknown id clearly, uploading nothing', async () => {
    const before = h.standin.uploads().length;
    const card = cardWithFile('999999');
    await h.driver.blockAction({ actionId: 'file_send', message: card });
    const reply = await waitFor(() =>
      h.standin.messages('C0GENERAL').find((m) => m.text.includes('platform file 999999')),
    );
    expect(reply.text).toContain('No platform file 999999 is visible to fieldline.');
    expect(reply.ephemeralTo).toBeDefined();
    expect(h.standin.uploads().length).toBe(before);
  });

  it('is callable as a service (for /source file <id>) and refuses a malformed id without a platform call', async () => {
    const fileId = h.sandbox.admin.state.files[0]!.id;
    const ok = await h.asPerson('U0ANA', () =>
      sendPlatformFileToSlack(h.deps, { client, fileId, channel: 'C0GENERAL' }),
    );
    expect(ok).toMatchObject({ ok: true, fileId });
    h.sandbox.admin.clearRequests();
    const bad = await h.asPerson('U0ANA', () =>
      sendPlatformFileToSlack(h.deps, { client, fileId: '../etc/passwd', channel: 'C0GENERAL' }),
    );
    expect(bad).toMatchObject({ ok: false, code: 'FILE_NOT_FOUND' });
    expect(h.sandbox.admin.requests().filter((r) => r.kind === 'api')).toEqual([]);
  });

  it('says so when fieldline may not post in the conversation', async () => {
    const fileId = h.sandbox.admin.state.files[0]!.id;
    h.standin.inject({ method: 'files.completeUploadExternal', error: 'not_in_channel', status: 200 });
    const result = await h.asPerson('U0ANA', () =>
      sendPlatformFileToSlack(h.deps, { client, fileId, channel: 'C0MAINT' }),
    );
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toContain('invite it');
  });
});
