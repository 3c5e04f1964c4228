/**
 * Issue 37, item 5 for posts: the post modal offers no Slack conversation to pick. Where its confirmation goes and
 * the origin its shared files are fetched for are fieldline's own (sealed) metadata, taken from the container Slack
 * signed when the form opened: the shortcut's channel or the channel /post was typed in. This pins that: nothing
 * of the post reaches any other conversation, and the files' origin is the shortcut's conversation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject } from '../../src/slack-standin/index.ts';
import { viewOpenedSince } from '../fixtures/opened-view.ts';
import { TINY_PNG as PNG } from '../fixtures/png.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { addPrivateOps } from '../fixtures/private-ops.ts';
import { platformFile } from './flow-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
  addPrivateOps(h);
});
afterAll(async () => {
  await h?.stop();
});

describe('Share to feed from #private-ops', () => {
  it('confirms only there, only to the person, and fetches the file for that conversation', async () => {
    const file = h.standin.addFile({ name: 'ops.png', content: PNG, mimetype: 'image/png', user: 'U0DAV' });
    const message = h.standin.addMessage({
      channel: 'G0OPS',
      text: 'Gate 4 camera',
      files: [file.id],
      user: 'U0DAV',
    });
    const elsewhere = h.standin.messages().filter((m) => m.channel !== 'G0OPS').length;
    const views = h.standin.views().length;
    await h.driver.messageShortcut('share_to_feed', { channel: 'G0OPS', message, user: 'U0DAV' });
    const view = await viewOpenedSince(h, views, 'post_create');
    const res = await h.driver.blockSuggestion({ actionId: 'post_channel', value: '', view, user: 'U0DAV' });
    const channel = (res.body as { options: JsonObject[] }).options[0]!;
    const uploads = h.sandbox.admin.written().uploads.length;
    await h.driver.viewSubmission({ view, values: { post_channel: channel }, user: 'U0DAV' });
    const confirmation = await waitFor(() =>
      h.standin.messages('G0OPS').find((m) => m.text.startsWith('Posted to the platform feed')),
    );
    expect(confirmation.ephemeralTo).toBe('U0DAV');
    const upload = await waitFor(() => h.sandbox.admin.written().uploads.slice(uploads)[0]);
    const stored = await platformFile(h, upload.fileId);
    expect(JSON.stringify(stored.record.originProperties)).toContain('G0OPS');
    await h.app.whenIdle();
    expect(h.standin.messages().filter((m) => m.channel !== 'G0OPS').length).toBe(elsewhere);
  });
});
