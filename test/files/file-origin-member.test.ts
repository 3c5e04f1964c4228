/**
 * Issue 37, item 2: a Slack file travels to the platform only when it is shared in the conversation the request
 * came from AND the acting person is a member of that conversation or uploaded the file. The check lives in the
 * files pipeline, so Share to feed (posts) and Create task from message (tasks) inherit it. (A forged
 * private_metadata channel is refused earlier now, by the runtime's seal.) Signed requests through the stand-in; the sandbox's
 * storage and the stand-in's file host are the proof of what was (not) fetched and uploaded.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { viewOpenedSince } from '../fixtures/opened-view.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
  // #ops is public: Ana and David are in it; Ben is not (he can still read it, and run shortcuts there).
  h.standin.addChannel({
    id: 'C0OPS',
    name: 'ops',
    is_private: false,
    is_im: false,
    is_member: true,
    members: ['U0ANA', 'U0DAV'],
  });
});
afterAll(async () => {
  await h?.stop();
});

function fileMessage(channel: string, user: string, name: string, content: Buffer): StoredMessage {
  const file = h.standin.addFile({ name, content, mimetype: 'application/pdf', user });
  return h.standin.addMessage({ channel, text: 'see attached', files: [file.id], user });
}

/** How many conversations.members calls the stand-in answered (for "asked once per request"). */
const membersCalls = () => h.standin.callsTo('conversations.members').length;
const fileOf = (m: StoredMessage) => m.files![0]!;
const fetched = (fileId: string) => h.standin.fileRequests().filter((r) => r.fileId === fileId);
const uploadedNames = () => h.sandbox.admin.written().uploads.map((u) => u.name);

async function openUpload(message: StoredMessage, user: string): Promise<StoredView> {
  const before = h.standin.views().length;
  await h.driver.messageShortcut('upload_files', { channel: message.channel, message, user });
  return viewOpenedSince(h, before, 'file_upload');
}

async function submitUpload(view: StoredView, user: string) {
  const res = await h.driver.blockSuggestion({ actionId: 'file_target', value: '', view, user });
  const options = (res.body as { options: JsonObject[] }).options;
  const target = options.find((o) => String(o.value).startsWith('ds:'))!;
  return h.driver.viewSubmission({ view, values: { file_target: target }, user });
}

/** The upload's result message in the thread of `ts` in `channel`. */
const resultIn = (channel: string, ts: string) =>
  waitFor(
    () =>
      h.standin
        .messages(channel)
        .find((m) => m.thread_ts === ts && /^\d+ of \d+ files? uploaded to the platform\./.test(m.text)),
    { timeoutMs: 10_000 },
  );
const textOf = (m: StoredMessage) => `${m.text} ${JSON.stringify(m.blocks ?? [])}`;

describe('the upload shortcut', () => {
  it('someone outside a public channel cannot upload another person’s file from it', async () => {
    const message = fileMessage('C0OPS', 'U0DAV', 'ops-plan.pdf', Buffer.alloc(600, 3));
    const view = await openUpload(message, 'U0BEN');
    const uploads = h.sandbox.admin.written().uploads.length;
    await submitUpload(view, 'U0BEN');
    const result = await resultIn('C0OPS', message.ts);
    expect(result.text).toBe('0 of 1 files uploaded to the platform.');
    expect(textOf(result)).toContain('not a member of this conversation');
    await h.app.whenIdle();
    expect(fetched(fileOf(message))).toEqual([]);
    expect(h.sandbox.admin.written().uploads.slice(uploads)).toEqual([]);
  });

  it('a member uploads a teammate’s files (membership asked once for both), the uploader without asking', async () => {
    const files = ['a.pdf', 'b.pdf'].map((name, i) =>
      h.standin.addFile({
        name,
        content: Buffer.alloc(300 + i, 1),
        mimetype: 'application/pdf',
        user: 'U0DAV',
      }),
    );
    const message = h.standin.addMessage({
      channel: 'C0OPS',
      text: 'two files',
      files: files.map((f) => f.id),
      user: 'U0DAV',
    });
    const calls = membersCalls();
    const view = await openUpload(message, 'U0ANA');
    await submitUpload(view, 'U0ANA');
    expect((await resultIn('C0OPS', message.ts)).text).toBe('2 of 2 files uploaded to the platform.');
    expect(membersCalls() - calls).toBe(1);

    const own = fileMessage('C0OPS', 'U0DAV', 'own.pdf', Buffer.alloc(700, 2));
    const before = membersCalls();
    await submitUpload(await openUpload(own, 'U0DAV'), 'U0DAV');
    expect((await resultIn('C0OPS', own.ts)).text).toBe('1 of 1 files uploaded to the platform.');
    expect(membersCalls()).toBe(before);
    expect(uploadedNames()).toEqual(expect.arrayContaining(['a.pdf', 'b.pdf', 'own.pdf']));
  });
});

describe('flows of other features inherit the check', () => {
  it('Share to feed by someone outside the channel publishes the post without the file', async () => {
    const message = fileMessage('C0OPS', 'U0DAV', 'leak.pdf', Buffer.alloc(800, 5));
    const before = h.standin.views().length;
    await h.driver.messageShortcut('share_to_feed', { channel: 'C0OPS', message, user: 'U0BEN' });
    const view = await viewOpenedSince(h, before, 'post_create');
    const res = await h.driver.blockSuggestion({ actionId: 'post_channel', value: '', view, user: 'U0BEN' });
    const channel = (res.body as { options: JsonObject[] }).options[0]!;
    const posts = h.sandbox.admin.written().posts.length;
    const uploads = h.sandbox.admin.written().uploads.length;
    await h.driver.viewSubmission({ view, values: { post_channel: channel }, user: 'U0BEN' });
    const [post] = await waitFor(() => {
      const made = h.sandbox.admin.written().posts.slice(posts);
      return made.length === 1 ? made : null;
    });
    expect(String(post!.body.content)).not.toContain('leak.pdf');
    await h.app.whenIdle();
    expect(fetched(fileOf(message))).toEqual([]);
    expect(h.sandbox.admin.written().uploads.slice(uploads)).toEqual([]);
  });

  it('Create task from message by someone outside the channel creates the task without the file', async () => {
    const message = fileMessage('C0OPS', 'U0DAV', 'pump-photo.pdf', Buffer.alloc(900, 6));
    const before = h.standin.views().length;
    await h.driver.messageShortcut('create_task_from_message', { channel: 'C0OPS', message, user: 'U0BEN' });
    const view = await viewOpenedSince(h, before, 'task_create');
    const res = await h.driver.blockSuggestion({
      actionId: 'task_site',
      value: 'berlin',
      view,
      user: 'U0BEN',
    });
    const site = (res.body as { options: JsonObject[] }).options[0]!;
    const tasks = h.sandbox.admin.written().tasks.length;
    const uploads = h.sandbox.admin.written().uploads.length;
    await h.driver.viewSubmission({ view, values: { task_site: site }, user: 'U0BEN' });
    await waitFor(() => h.sandbox.admin.written().tasks.length > tasks);
    const note = await waitFor(() =>
      h.standin
        .messages('C0OPS')
        .find((m) => m.thread_ts === message.ts && m.text.includes('not a member of this conversation')),
    );
    expect(note.text).not.toContain('Uploaded');
    await h.app.whenIdle();
    expect(fetched(fileOf(message))).toEqual([]);
    expect(h.sandbox.admin.written().uploads.slice(uploads)).toEqual([]);
  });
});
