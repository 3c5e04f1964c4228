/**
 * "Complete with photos" end to end (issue 40, photo evidence), through signed requests against the sandbox and
 * the Slack stand-in: the card's button opens the photo form; on submit each photo is read from Slack (files.info,
 * its uploader must be the person), checked to be the image it claims, uploaded through the contract's signed
 * upload with the person's own key, and only then the task is marked Done. A failed photo keeps the task open
 * and says which and why; an admin can require photos per site or priority, and the plain Done is then refused
 * before any platform call.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { cardFor, cardText, openByCommand, option, tasksWritten } from './task-helpers.ts';
import { createPhotoStore } from '../../src/tasks/service/photo-store.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(400, 7)]);
const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  Buffer.alloc(400, 9),
]);
const written = () => h.sandbox.admin.written();

async function createTask(name: string, siteText = 'berlin', priority?: string) {
  const view = await openByCommand(h, `new ${name}`);
  const site = await option(h, view, 'task_site', siteText);
  const before = tasksWritten(h).length;
  const values: Record<string, JsonObject | string> = { task_site: site };
  if (priority) values['task_priority_input'] = priority;
  await h.driver.viewSubmission({ view, values });
  const [record] = await waitFor(() =>
    tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
  );
  const taskId = record!.taskId;
  const card = await waitFor(() => {
    const c = cardFor(h, taskId);
    return c && cardText(c).includes('Created <!date^') ? c : undefined;
  });
  return { taskId, card };
}

/** Presses a "Complete with photos" button and waits for the form (the Loading modal turned into it). */
async function openPhotoForm(message: StoredMessage, user = 'U0ANA'): Promise<StoredView> {
  const before = new Set(h.standin.views().map((v) => v.id));
  await h.driver.blockAction({ actionId: 'task_photos_open', message, channel: message.channel, user });
  return waitFor(() => {
    const opened = h.standin.views().find((v) => !before.has(v.id));
    const current = opened ? h.standin.view(opened.id) : undefined;
    return current?.callback_id === 'task_photos' && current.open ? current : undefined;
  });
}

const photo = (name: string, bytes: Buffer, user = 'U0ANA', mimetype = 'image/jpeg') =>
  h.standin.addFile({ name, content: bytes, user, mimetype });

const submitPhotos = (view: StoredView, files: { id: string; name: string }[], user = 'U0ANA') =>
  h.driver.viewSubmission({
    view,
    user,
    values: { task_photos_input: files.map((f) => ({ id: f.id, name: f.name })) },
  });

/** The newest message only `user` sees in `channel` with `text`, posted after `since` messages. */
const ephemeralTo = (user: string, channel: string, text: string, since = 0) =>
  h.standin
    .messages(channel)
    .slice(since)
    .findLast((m) => m.ephemeralTo === user && m.text.includes(text));

const uploadsOf = async (taskId: string) => {
  const all = [];
  for (const u of written().uploads) {
    const file = await h.asPerson('U0ANA', () =>
      h.deps.monitoring.files.get(u.fileId, { resolveFiles: false }),
    );
    const origin = file.originProperties as Record<string, unknown> | null;
    if (origin?.['taskId'] === taskId) all.push({ ...u, file });
  }
  return all;
};

describe('Complete with photos', () => {
  it('uploads both photos with the person’s key, then marks the task Done (card in place, note in thread)', async () => {
    const { taskId, card } = await createTask('Replace the pump seal');
    expect(cardText(card)).toContain('task_photos_open');
    const view = await openPhotoForm(card);
    expect(JSON.stringify(view.blocks)).toContain('"type":"file_input"');
    const a = photo('seal-before.jpg', JPEG);
    const b = photo('seal-after.png', PNG, 'U0ANA', 'image/png');
    const patchesBefore = written().patches.length;
    const requestsBefore = h.sandbox.admin.requests().length;
    await submitPhotos(view, [a, b]);

    const [patch] = await waitFor(() =>
      written().patches.length > patchesBefore ? written().patches.slice(patchesBefore) : null,
    );
    expect(patch!.taskId).toBe(taskId);
    expect(patch!.body).toEqual({ statusId: '20' });
    const uploads = await uploadsOf(taskId);
    expect(uploads.map((u) => u.name).sort()).toEqual(['seal-after.png', 'seal-before.jpg']);
    // contract: fileMimeType becomes the upload's Content-Type — the type the bytes are.
    expect(uploads.map((u) => u.contentType).sort()).toEqual(['image/jpeg', 'image/png']);
    expect(uploads.every((u) => u.file.site?.id === '101')).toBe(true);
    // The uploads come before the status change; no key was sent to the pre-signed storage URL.
    const log = h.sandbox.admin.requests().slice(requestsBefore);
    const lastUpload = log.map((r) => r.path).lastIndexOf('/_storage/upload');
    const patchAt = log.findIndex((r) => r.method === 'PATCH' && r.path === `/task/${taskId}`);
    expect(lastUpload).toBeGreaterThanOrEqual(0);
    expect(patchAt).toBeGreaterThan(lastUpload);
    expect(h.sandbox.admin.presignedWithCredentials()).toEqual([]);

    await waitFor(() => cardText(cardFor(h, taskId)!).includes('*Status*\\nDone'));
    const note = await waitFor(() =>
      h.standin.messages(card.channel).find((m) => m.thread_ts === card.ts && m.text.includes(':camera:')),
    );
    expect(note.text).toContain('2 photos');
    expect(note.text).toContain('seal-before.jpg');
  });

  it('a photo the storage refuses keeps the task open and names it; the other is kept, and the retry completes', async () => {
    const { taskId, card } = await createTask('Grease the conveyor');
    const view = await openPhotoForm(card);
    const a = photo('conveyor-1.jpg', JPEG);
    const b = photo('conveyor-2.jpg', JPEG);
    h.sandbox.admin.inject({ endpoint: 'POST /_storage/upload', status: 400, times: 1 });
    const patchesBefore = written().patches.length;
    const since = h.standin.messages(card.channel).length;
    await submitPhotos(view, [a, b]);
    const answer = await waitFor(() => ephemeralTo('U0ANA', card.channel, 'stays open', since));
    const refused = answer.text.includes('refused conveyor-1.jpg') ? 'conveyor-1.jpg' : 'conveyor-2.jpg';
    const kept = refused === 'conveyor-1.jpg' ? 'conveyor-2.jpg' : 'conveyor-1.jpg';
    expect(answer.text).toContain(`The platform's storage refused ${refused} (400)`);
    expect(answer.text).toContain(`Uploaded to the platform: ${kept}`);
    expect((await uploadsOf(taskId)).map((u) => u.name)).toEqual([kept]);
    // Nothing changed on the task: no PATCH at all.
    await h.app.whenIdle();
    expect(
      written()
        .patches.slice(patchesBefore)
        .filter((p) => p.taskId === taskId),
    ).toEqual([]);
    expect(cardText(cardFor(h, taskId)!)).toContain('*Status*\\nTo Do');

    // The answer's own button reopens the form; what went up is counted, and the card itself is completed.
    const again = await openPhotoForm(answer);
    expect(JSON.stringify(again.blocks)).toContain(kept);
    const c = photo('conveyor-3.jpg', JPEG);
    await submitPhotos(again, [c]);
    await waitFor(() => cardText(cardFor(h, taskId)!).includes('*Status*\\nDone'));
    const note = await waitFor(() =>
      h.standin.messages(card.channel).find((m) => m.thread_ts === card.ts && m.text.includes(':camera:')),
    );
    expect(note.text).toContain(kept);
    expect(note.text).toContain('conveyor-3.jpg');
    expect((await uploadsOf(taskId)).map((u) => u.name).sort()).toEqual([kept, 'conveyor-3.jpg'].sort());
  });

  it('refuses a file someone else uploaded, and text bytes named .jpg, without uploading them', async () => {
    const { taskId, card } = await createTask('Check the valve');
    const view = await openPhotoForm(card);
    const bens = photo('ben-valve.jpg', JPEG, 'U0BEN');
    const fake = photo('valve.jpg', Buffer.from('this is a text file, not a photo '.repeat(10)));
    const uploadsBefore = written().uploads.length;
    const since = h.standin.messages(card.channel).length;
    await submitPhotos(view, [bens, fake]);
    const answer = await waitFor(() => ephemeralTo('U0ANA', card.channel, 'stays open', since));
    expect(answer.text).toContain('A file you did not upload in this form was not fetched');
    expect(answer.text).not.toContain('ben-valve.jpg');
    expect(answer.text).toContain('valve.jpg is not a photo');
    expect(written().uploads.length).toBe(uploadsBefore);
    expect(cardText(cardFor(h, taskId)!)).toContain('*Status*\\nTo Do');
    // Ben's file was never downloaded with the bot token.
    const downloaded = h.standin.fileRequests().map((r) => r.fileId);
    expect(downloaded).toContain(fake.id);
    expect(downloaded).not.toContain(bens.id);
  });
});

describe('photos required (per workspace, set by admins)', () => {
  const command = async (text: string, user = 'U0ANA') => {
    const before = h.standin.messages('C0GENERAL').length;
    await h.driver.command({ command: '/task', text, channel: 'C0GENERAL', user });
    const reply = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(before)
        .find((m) => m.ephemeralTo === user),
    );
    return reply.text;
  };

  it('is admin-only; the plain Done is refused with no platform call; Complete with photos works', async () => {
    expect(await command('require-photos site Chicago Works', 'U0BEN')).toContain('Only workspace admins');
    expect(await command('require-photos site Chicago')).toContain(
      'tasks at Chicago Works need at least one photo',
    );
    expect(await command('require-photos')).toContain('• tasks at Chicago Works');
    expect(await createPhotoStore(h.deps.store).rules('T0OTHER')).toEqual([]);

    const { taskId, card } = await createTask('Replace the belt', 'chicago');
    await h.app.whenIdle();
    const requestsBefore = h.sandbox.admin.requests().length;
    const patchesBefore = written().patches.length;
    const since = h.standin.messages(card.channel).length;
    await h.driver.blockAction({ actionId: 'task_status_done', message: card, channel: card.channel });
    const refusal = await waitFor(() =>
      ephemeralTo('U0ANA', card.channel, 'needs at least one photo', since),
    );
    expect(refusal.text).toContain('Complete with photos');
    expect(
      h.sandbox.admin
        .requests()
        .slice(requestsBefore)
        .filter((r) => r.kind === 'api'),
    ).toEqual([]);
    expect(written().patches.length).toBe(patchesBefore);

    // A task at another site is not affected.
    const other = await createTask('Sweep the floor', 'berlin');
    await h.driver.blockAction({
      actionId: 'task_status_done',
      message: other.card,
      channel: other.card.channel,
    });
    await waitFor(() => cardText(cardFor(h, other.taskId)!).includes('*Status*\\nDone'));

    const view = await openPhotoForm(refusal);
    expect(JSON.stringify(view.blocks)).toContain('needs at least one photo');
    await submitPhotos(view, [photo('belt.jpg', JPEG)]);
    await waitFor(() => cardText(cardFor(h, taskId)!).includes('*Status*\\nDone'));

    expect(await command('require-photos site Chicago Works off')).toContain('no longer required');
    expect(await command('require-photos')).toContain('No task needs a photo');
  });

  it('per priority; removed with the workspace', async () => {
    expect(await command('require-photos priority high')).toContain('High priority tasks at every site');
    const { card } = await createTask('Urgent leak', 'berlin', '15');
    const since = h.standin.messages(card.channel).length;
    await h.driver.blockAction({ actionId: 'task_status_done', message: card, channel: card.channel });
    await waitFor(() => ephemeralTo('U0ANA', card.channel, 'High priority tasks at every site', since));
    const store = createPhotoStore(h.deps.store);
    expect(await store.rules('T0FIELD')).toHaveLength(1);
    await h.deps.installs.remove('T0FIELD', 'app_uninstalled');
    expect(await store.rules('T0FIELD')).toEqual([]);
  });
});
