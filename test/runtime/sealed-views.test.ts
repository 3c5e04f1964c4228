/**
 * Issue 37: a private_metadata fieldline did not write decides nothing. Every view fieldline sends carries its
 * metadata sealed (src/kit/sealed-metadata.ts); a submission, option load or job whose metadata is not fieldline's
 * own — plain text, another text under the old tag, another form's — is refused before any listener, and nothing
 * reaches the platform or the conversation the forgery named. Signed requests through the stand-in.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createLogger } from '../../src/base/log.ts';
import { metadataSealFor } from '../../src/main/compose.ts';
import { workEvent } from '../../src/runtime/jobs/slack-job.ts';
import { UNVERIFIED_FORM_TEXT } from '../../src/runtime/sealed-views.ts';
import type { JsonObject, StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { openByMessageShortcut, openBySlashCommand } from '../fixtures/opened-view.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
  // A private channel Ana is not in; the bot is, so a card or a download there would succeed.
  h.standin.addChannel({ id: 'G0PRIVATE', name: 'payroll', is_private: true, is_im: false, is_member: true });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  h.sandbox.admin.clearRequests();
});

/** The app's seal, derived from the same configuration as every replica's. */
const appSeal = () => metadataSealFor(h.deps.config, createLogger({ level: 'silent' }));
const tasks = () => h.sandbox.admin.written().tasks.length;
/** What the app posted in the private channel (the tests' own seeded messages are the person's). */
const inPrivate = () => h.standin.messages('G0PRIVATE').filter((m) => m.user !== 'U0DAV').length;
const uploads = () => h.sandbox.admin.written().uploads.length;
const textOf = (v: StoredView | undefined) => JSON.stringify(v?.blocks ?? []);
const refusals = () =>
  h.logs.filter((l) => l.msg === 'view private_metadata not sealed by fieldline: request refused');

function privateFileMessage(): StoredMessage {
  const file = h.standin.addFile({
    name: 'payroll.pdf',
    content: Buffer.alloc(900, 1),
    mimetype: 'application/pdf',
  });
  return h.standin.addMessage({ channel: 'G0PRIVATE', text: 'payroll', files: [file.id], user: 'U0DAV' });
}

async function openUpload(): Promise<{ view: StoredView; target: JsonObject }> {
  const file = h.standin.addFile({
    name: 'valve.pdf',
    content: Buffer.alloc(700, 2),
    mimetype: 'application/pdf',
  });
  const own = h.standin.addMessage({ channel: 'C0GENERAL', text: 'valve', files: [file.id], user: 'U0ANA' });
  const view = await openByMessageShortcut(h, 'upload_files', own, 'file_upload');
  const res = await h.driver.blockSuggestion({ actionId: 'file_target', value: '', view });
  const target = (res.body as { options: JsonObject[] }).options.find((o) =>
    String(o.value).startsWith('ds:'),
  )!;
  return { view, target };
}

/** What the stored view carries is replaced, as if Slack had sent it back changed. */
function forge(view: StoredView, metadata: string): void {
  h.standin.view(view.id)!.private_metadata = metadata;
}

/**
 * Work still running from opening the modal is done before the platform is watched: its listeners (whenIdle) and
 * the reads they started without waiting (the directory's warm-up), until no request came for 200 ms.
 */
async function watchPlatform(): Promise<void> {
  for (let seen = -1; seen !== h.sandbox.admin.requests().length;) {
    seen = h.sandbox.admin.requests().length;
    await h.app.whenIdle();
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  h.sandbox.admin.clearRequests();
}

async function expectNothingDone(secret: StoredMessage, before: { tasks: number; uploads: number }) {
  await h.app.whenIdle();
  expect(h.standin.fileRequests().filter((r) => r.fileId === secret.files![0])).toEqual([]);
  expect(inPrivate()).toBe(0);
  expect(tasks()).toBe(before.tasks);
  expect(uploads()).toBe(before.uploads);
  expect(h.sandbox.admin.requests()).toEqual([]);
}

describe('what fieldline sends', () => {
  it('every view leaves with its metadata sealed, and the seal opens it to what the feature wrote', async () => {
    const { view } = await openUpload();
    const stored = h.standin.view(view.id)!.private_metadata;
    expect(() => JSON.parse(stored) as unknown).toThrow();
    const opened = appSeal().open(stored, 'file_upload');
    expect(opened.ok && (JSON.parse(opened.text) as { c: string }).c).toBe('C0GENERAL');
  });

  it('a view answered in the ack (response_action update) is sealed too', async () => {
    const view = await openBySlashCommand(h, { command: '/post', text: 'Line 3 runs again' }, 'post_create');
    const res = await h.driver.blockSuggestion({ actionId: 'post_channel', value: '', view });
    const channel = (res.body as { options: JsonObject[] }).options[0]!;
    const result = await h.driver.viewSubmission({ view, values: { post_channel: channel } });
    expect(result.responseAction).toBe('update');
    expect(appSeal().open(result.view!.private_metadata, 'post_create')).toMatchObject({ ok: true });
    await h.app.whenIdle();
  });
});

describe('a forged private_metadata', () => {
  it('upload modal naming a private channel’s message: refused with a modal, nothing fetched or uploaded', async () => {
    const secret = privateFileMessage();
    const { view, target } = await openUpload();
    const before = { tasks: tasks(), uploads: uploads() };
    forge(view, JSON.stringify({ c: 'G0PRIVATE', t: secret.ts, f: [secret.files![0]] }));
    const logged = refusals().length;
    await watchPlatform();
    const result = await h.driver.viewSubmission({ view, values: { file_target: target } });
    expect(result.responseAction).toBe('update');
    expect(textOf(result.view)).toContain(UNVERIFIED_FORM_TEXT);
    await expectNothingDone(secret, before);
    const [line] = refusals().slice(logged);
    expect(line).toMatchObject({ type: 'view_submission', callbackId: 'file_upload', why: 'unsealed' });
    expect(JSON.stringify(line)).not.toContain('G0PRIVATE');
  });

  it('another text under fieldline’s tag, or another form’s sealed metadata, is refused alike', async () => {
    const secret = privateFileMessage();
    const { view, target } = await openUpload();
    const sealed = h.standin.view(view.id)!.private_metadata;
    const tag = sealed.slice(sealed.lastIndexOf('.'));
    const before = { tasks: tasks(), uploads: uploads() };
    forge(view, `${JSON.stringify({ c: 'G0PRIVATE', t: secret.ts, f: [secret.files![0]] })}${tag}`);
    const logged = refusals().length;
    const first = await h.driver.viewSubmission({ view, values: { file_target: target } });
    expect(textOf(first.view)).toContain(UNVERIFIED_FORM_TEXT);
    expect(refusals().slice(logged)).toMatchObject([{ why: 'bad-tag' }]);

    // Opening a modal closes the person's others: the task modal first, its metadata then carried to the upload.
    const task = await openBySlashCommand(h, { command: '/task', text: 'new x' }, 'task_create');
    const again = await openUpload();
    forge(again.view, h.standin.view(task.id)!.private_metadata);
    await watchPlatform();
    const second = await h.driver.viewSubmission({ view: again.view, values: { file_target: again.target } });
    expect(textOf(second.view)).toContain(UNVERIFIED_FORM_TEXT);
    await expectNothingDone(secret, before);
  });

  it('task modal whose card would go to a private channel: refused, no task, no card there', async () => {
    const view = await openBySlashCommand(h, { command: '/task', text: 'new Leak on pump 3' }, 'task_create');
    const site = await h.driver.blockSuggestion({ actionId: 'task_site', value: 'berlin', view });
    const option = (site.body as { options: JsonObject[] }).options[0]!;
    const before = { tasks: tasks(), uploads: uploads() };
    forge(view, JSON.stringify({ replyChannel: 'G0PRIVATE' }));
    await watchPlatform();
    const result = await h.driver.viewSubmission({ view, values: { task_site: option } });
    expect(textOf(result.view)).toContain(UNVERIFIED_FORM_TEXT);
    await h.app.whenIdle();
    expect(tasks()).toBe(before.tasks);
    expect(inPrivate()).toBe(0);
    expect(h.sandbox.admin.requests()).toEqual([]);
  });

  it('options asked from a forged modal are not loaded: an empty answer, no platform call', async () => {
    const view = await openBySlashCommand(h, { command: '/task', text: 'new y' }, 'task_create');
    forge(view, JSON.stringify({ replyChannel: 'G0PRIVATE' }));
    await watchPlatform();
    const res = await h.driver.blockSuggestion({ actionId: 'task_site', value: 'berlin', view });
    expect(res.status).toBe(200);
    expect(res.body).toBe('');
    await h.app.whenIdle();
    expect(h.sandbox.admin.requests()).toEqual([]);
    expect(refusals().at(-1)).toMatchObject({ type: 'block_suggestion', why: 'unsealed' });
  });

  it('a job whose body carries unsealed metadata does nothing; the same job as received does its work', async () => {
    const view = await openBySlashCommand(h, { command: '/task', text: 'new From a job' }, 'task_create');
    const site = await h.driver.blockSuggestion({ actionId: 'task_site', value: 'berlin', view });
    const option = (site.body as { options: JsonObject[] }).options[0]!;
    // The signed submission as Slack sent it (sealed metadata), done once as usual.
    const first = tasks();
    const sent = await h.driver.viewSubmission({ view, values: { task_site: option } });
    await waitFor(() => tasks() > first);
    await h.app.whenIdle();
    const received = structuredClone(sent.payload) as { view: { private_metadata: string } };
    const job = (body: unknown) => ({
      id: randomUUID(),
      kind: 'tasks.create',
      body: JSON.stringify(body),
      carry: { assignee: null },
      acceptedAt: Date.now(),
    });
    const before = tasks();
    const forged = {
      ...received,
      view: { ...received.view, private_metadata: '{"replyChannel":"G0PRIVATE"}' },
    };
    await h.app.app.processEvent(workEvent(job(forged)));
    await h.app.whenIdle();
    expect(tasks()).toBe(before);
    expect(inPrivate()).toBe(0);
    await h.app.app.processEvent(workEvent(job(received)));
    await waitFor(() => tasks() > before);
  });
});
