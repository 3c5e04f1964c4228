/**
 * /post and "Share to feed" end to end: the stand-in plays Slack, the sandbox plays the platform, and the
 * sandbox's record of POST /post bodies is the proof (one object, allowed fields only).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import type { JsonObject, StoredView } from '../../src/slack-standin/index.ts';
import { expectValidBlockKit } from '../fixtures/block-kit.ts';
import { platformFile } from './flow-helpers.ts';
import {
  initialValueIn,
  openByMessageShortcut,
  openBySlashCommand,
  viewOpenedSince,
} from '../fixtures/opened-view.ts';
import { POST_BODY_FIELDS } from '../fixtures/post-fields.ts';
import { TINY_PNG as PNG } from '../fixtures/png.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  h.sandbox.admin.clearInjections();
});

const openPostModal = (text: string): Promise<StoredView> =>
  openBySlashCommand(h, { command: '/post', text }, 'post_create');

async function firstChannel(view: StoredView): Promise<JsonObject> {
  const res = await h.driver.blockSuggestion({ actionId: 'post_channel', value: '', view });
  const body = res.body as { options?: JsonObject[] };
  expect(body.options?.length ?? 0).toBeGreaterThan(0);
  return body.options![0]!;
}

function postsAfter(count: number) {
  return h.sandbox.admin.written().posts.slice(count);
}

describe('/post', () => {
  it('publishes exactly one post with only the allowed fields and confirms the post id', async () => {
    const view = await openPostModal('Line 3 is running again');
    expect(initialValueIn(view, 'post_content')).toBe('Line 3 is running again');
    const channel = await firstChannel(view);
    const before = h.sandbox.admin.written().posts.length;
    const result = await h.driver.viewSubmission({
      view,
      values: {
        post_title: 'Shift note',
        post_channel: channel,
        post_hashtags: '#safety, line-3',
        post_options: ['skip_notifications'],
      },
    });
    expect(result.responseAction).toBe('update');
    const [post] = await waitFor(() => (postsAfter(before).length === 1 ? postsAfter(before) : null));
    expect(Object.keys(post!.body).every((k) => POST_BODY_FIELDS.includes(k))).toBe(true);
    expect(post!.body).toEqual({
      content: 'Line 3 is running again',
      toChannelId: channel.value,
      title: 'Shift note',
      hashtags: ['safety', 'line-3'],
      skipNotifications: true,
    });
    const confirmation = await waitFor(() =>
      h.standin.messages('C0GENERAL').find((m) => m.text.includes(`post id ${post!.id}`)),
    );
    expect(confirmation.ephemeralTo).toBeDefined();
    await waitFor(() => h.standin.view(view.id)?.callback_id === 'post_create_done');
    expect(expectValidBlockKit(h.standin)).toBeGreaterThan(0);
  });

  it('shows validation problems on the exact fields and posts nothing', async () => {
    const view = await openPostModal('');
    const before = h.sandbox.admin.written().posts.length;
    const result = await h.driver.viewSubmission({
      view,
      values: { post_content: 'x', post_hashtags: 'fine, not!ok' },
      allowMissingRequired: true,
    });
    expect(result.responseAction).toBe('errors');
    expect(Object.keys(result.errors ?? {}).sort()).toEqual(['post_channel', 'post_hashtags']);
    expect(result.errors?.post_hashtags).toContain('not!ok');
    expect(h.sandbox.admin.written().posts.length).toBe(before);
  });

  it('brings the form back with the typed text when the platform refuses', async () => {
    const view = await openPostModal('Keep this text');
    const channel = await firstChannel(view);
    h.sandbox.admin.inject({ endpoint: 'POST /post', status: 500, times: 5 });
    await h.driver.viewSubmission({ view, values: { post_channel: channel, post_title: 'Kept title' } });
    const reshown = await waitFor(() => {
      const v = h.standin.view(view.id);
      return v &&
        v.callback_id === 'post_create' &&
        v.blocks.some((b) => JSON.stringify(b).includes('Not posted yet'))
        ? v
        : null;
    });
    const text = JSON.stringify(reshown.blocks);
    expect(text).toContain('Keep this text');
    expect(text).toContain('Kept title');
    expect(text).toContain(String(channel.value));
    expectValidBlockKit(h.standin);
  });

  it('finds a data source by its name in the picker, saying which feed it posts to, and posts there', async () => {
    const view = await openPostModal('Meter reads zero since 06:00');
    const picker = view.blocks.find((b) => b.block_id === 'post_channel') as {
      hint: { text: string };
      element: { placeholder: { text: string } };
    };
    expect(picker.hint.text).toBe('The feed of a site or of a data source: search by either name.');
    const res = await h.driver.blockSuggestion({ actionId: 'post_channel', value: 'main energy', view });
    const options = (res.body as { options: { text: { text: string }; value: string }[] }).options;
    expect(options.map((o) => o.text.text)).toEqual(['Main Energy Meter — in the Berlin Plant site feed']);
    const before = h.sandbox.admin.written().posts.length;
    await h.driver.viewSubmission({ view, values: { post_channel: options[0] as unknown as JsonObject } });
    const [post] = await waitFor(() => (postsAfter(before).length === 1 ? postsAfter(before) : null));
    // Berlin Plant's feed: where the data source's posts go
    expect(post!.body.toChannelId).toBe('7101');
  });

  it('answers /post help with the usage, opening nothing', async () => {
    const before = h.standin.views().length;
    const res = await h.driver.command({ command: '/post', text: 'help' });
    expect(JSON.stringify(res.body)).toContain('/post [text]');
    expect(h.standin.views().length).toBe(before);
  });
});

describe('Share to feed', () => {
  it('prefills text, author and permalink, uploads the chosen file and names it in the post', async () => {
    const file = h.standin.addFile({ name: 'valve.png', content: PNG, mimetype: 'image/png' });
    const message = h.standin.addMessage({
      channel: 'C0GENERAL',
      text: 'Valve 7 is dripping',
      files: [file.id],
    });
    const view = await openByMessageShortcut(h, 'share_to_feed', message, 'post_create');
    const prefill = JSON.stringify(view.blocks);
    expect(prefill).toContain('Valve 7 is dripping');
    expect(prefill).toContain(h.standin.users.find((u) => u.id === message.user)!.real_name);
    expect(prefill).toMatch(/Shared from Slack by [^:]+: http/);
    const channel = await firstChannel(view);
    const posts = h.sandbox.admin.written().posts.length;
    const uploads = h.sandbox.admin.written().uploads.length;
    await h.driver.viewSubmission({ view, values: { post_channel: channel } });
    const [post] = await waitFor(() => (postsAfter(posts).length === 1 ? postsAfter(posts) : null));
    expect(String(post!.body.content)).toContain('Valve 7 is dripping');
    expect(String(post!.body.content)).toContain('Files: valve.png');
    expect(String(post!.body.content)).not.toContain('processing');
    const upload = h.sandbox.admin.written().uploads.slice(uploads)[0];
    expect(upload?.name).toBe('valve.png');
    expect(upload?.contentType).toBe('image/png');
    const stored = await platformFile(h, upload!.fileId);
    expect(stored.bytes.equals(PNG)).toBe(true);
    expect(JSON.stringify(stored.record.originProperties)).toContain(message.ts);
    expectValidBlockKit(h.standin);
  });

  it("says who shared: Ana sharing Ben's message is credited to Ana, with Ben as the message's author", async () => {
    const message = h.standin.addMessage({ channel: 'C0GENERAL', text: 'Belt 2 squeaks', user: 'U0BEN' });
    const before = h.standin.views().length;
    const res = await h.driver.messageShortcut('share_to_feed', {
      channel: 'C0GENERAL',
      message,
      user: 'U0ANA',
    });
    expect(res.status).toBe(200);
    const view = await viewOpenedSince(h, before, 'post_create');
    expect(initialValueIn(view, 'post_content')).toMatch(
      /^Belt 2 squeaks\n\nShared from Slack by Ana Silva — message by Ben Okafor: http\S+$/,
    );
    const channel = await firstChannel(view);
    const posts = h.sandbox.admin.written().posts.length;
    await h.driver.viewSubmission({ view, values: { post_channel: channel }, user: 'U0ANA' });
    const [post] = await waitFor(() => (postsAfter(posts).length === 1 ? postsAfter(posts) : null));
    expect(String(post!.body.content)).toContain('Shared from Slack by Ana Silva — message by Ben Okafor');
    expect(String(post!.body.content)).not.toContain('Shared from Slack by Ben Okafor');
  });
});
