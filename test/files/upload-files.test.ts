/**
 * "Upload files to the platform" end to end: files seeded on a Slack message in the stand-in, the sandbox's
 * storage as the proof (bytes, Content-Type, originProperties, no API key on the pre-signed form).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import type { JsonObject, StoredMessage } from '../../src/slack-standin/index.ts';
import { expectValidBlockKit } from '../fixtures/block-kit.ts';
import { platformFile } from '../posts/flow-helpers.ts';
import { openByMessageShortcut } from '../fixtures/opened-view.ts';
import { PNG_WITH_IHDR as PNG } from '../fixtures/png.ts';

const PDF = Buffer.from(
  `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${'% filler line\n'.repeat(80)}%%EOF\n`,
);

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  h.sandbox.admin.clearInjections();
});

function seedMessage(
  files: { name: string; content: Buffer; mimetype: string; declaredSize?: number }[],
): StoredMessage {
  const ids = files.map((f) => {
    const stored = h.standin.addFile({ name: f.name, content: f.content, mimetype: f.mimetype });
    if (f.declaredSize !== undefined) stored.size = f.declaredSize;
    return stored.id;
  });
  return h.standin.addMessage({ channel: 'C0GENERAL', text: 'from the floor', files: ids });
}

/** Runs the shortcut, picks the first data source in the picker, submits; resolves with the final result message. */
async function upload(message: StoredMessage, expectDone = true): Promise<StoredMessage> {
  const view = await openByMessageShortcut(h, 'upload_files', message, 'file_upload');
  const options = (await h.driver.blockSuggestion({ actionId: 'file_target', value: '', view })).body as {
    options: JsonObject[];
  };
  const source = options.options.find((o) => String(o.value).startsWith('ds:'));
  expect(source).toBeDefined();
  const result = await h.driver.viewSubmission({ view, values: { file_target: source! } });
  expect(result.closed).toBe(true);
  if (!expectDone) return message;
  return waitFor(
    () =>
      h.standin
        .messages('C0GENERAL')
        .find(
          (m) => m.thread_ts === message.ts && /^\d+ of \d+ files uploaded to the platform\./.test(m.text),
        ),
    {
      timeoutMs: 10_000,
    },
  );
}

describe('Upload files to the platform', () => {
  it('uploads a PNG and a PDF: identical bytes, matching Content-Type, origin recorded, no key on the form', async () => {
    const message = seedMessage([
      { name: 'pump.png', content: PNG, mimetype: 'image/png' },
      { name: 'manual.pdf', content: PDF, mimetype: 'application/pdf' },
    ]);
    const uploadsBefore = h.sandbox.admin.written().uploads.length;
    h.sandbox.admin.clearRequests();
    const result = await upload(message);
    expect(result.text).toBe('2 of 2 files uploaded to the platform.');
    expect(JSON.stringify(result.blocks)).toContain(
      'the platform is processing it, and it shows there once that is done',
    );
    // operator words: nothing about file ids (issue 38)
    expect(JSON.stringify(result.blocks)).not.toMatch(/file id/i);

    const uploads = h.sandbox.admin.written().uploads.slice(uploadsBefore);
    expect(uploads.map((u) => [u.name, u.contentType]).sort()).toEqual([
      ['manual.pdf', 'application/pdf'],
      ['pump.png', 'image/png'],
    ]);
    for (const u of uploads) {
      const stored = await platformFile(h, u.fileId);
      expect(stored.bytes.equals(u.name === 'pump.png' ? PNG : PDF)).toBe(true);
      const origin = stored.record.originProperties as Record<string, unknown>;
      expect(origin).toMatchObject({
        source: 'slack',
        channel: 'C0GENERAL',
        messageTs: message.ts,
        user: 'U0ANA',
      });
      expect(String(origin.permalink)).toContain(message.ts.replace('.', ''));
    }
    const presigned = h.sandbox.admin
      .requests()
      .filter((r) => r.kind === 'presigned' && r.path.startsWith('/_storage/upload'));
    expect(presigned.length).toBe(2);
    for (const r of presigned) {
      expect(r.headers['x-api-key']).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(h.sandbox.admin.presignedWithCredentials()).toEqual([]);
    // one progress message, updated in place
    const updates = h.standin.callsTo('chat.update').filter((c) => c.args.ts === result.ts);
    expect(updates.length).toBeGreaterThanOrEqual(1);
    expectValidBlockKit(h.standin);
  });

  it('posts its progress in the thread of a reply that carries the files, not under the reply', async () => {
    const parent = h.standin.addMessage({ channel: 'C0GENERAL', text: 'pump 3 report' });
    const file = h.standin.addFile({ name: 'reply.png', content: PNG, mimetype: 'image/png' });
    const reply = h.standin.addMessage({
      channel: 'C0GENERAL',
      text: 'photo',
      thread_ts: parent.ts,
      files: [file.id],
    });
    const view = await openByMessageShortcut(h, 'upload_files', reply, 'file_upload');
    const options = (await h.driver.blockSuggestion({ actionId: 'file_target', value: '', view })).body as {
      options: JsonObject[];
    };
    const source = options.options.find((o) => String(o.value).startsWith('ds:'));
    await h.driver.viewSubmission({ view, values: { file_target: source! } });
    const done = await waitFor(
      () => h.standin.messages('C0GENERAL').find((m) => m.text === '1 of 1 files uploaded to the platform.'),
      { timeoutMs: 10_000 },
    );
    expect(done.thread_ts).toBe(parent.ts);
  });

  it('refuses files under 100 B and over 100 MB with a clear line each, and never downloads the large one', async () => {
    const message = seedMessage([
      { name: 'tiny.txt', content: Buffer.from('too small'), mimetype: 'text/plain' },
      { name: 'film.mp4', content: Buffer.alloc(200, 1), mimetype: 'video/mp4', declaredSize: 150_000_000 },
      { name: 'ok.png', content: PNG, mimetype: 'image/png' },
    ]);
    const largeId = message.files![1]!;
    const result = await upload(message);
    expect(result.text).toBe('1 of 3 files uploaded to the platform.');
    const text = JSON.stringify(result.blocks);
    expect(text).toContain('tiny.txt is 9 B; the platform accepts files from 100 B to 100 MB');
    expect(text).toContain('film.mp4 is 150 MB; the platform accepts files up to 100 MB');
    expect(h.standin.fileRequests().some((r) => r.fileId === largeId)).toBe(false);
    expect(text).not.toContain(':file_retry');
    expect(result.blocks?.some((b) => (b as JsonObject).type === 'actions')).toBe(false);
    expectValidBlockKit(h.standin);
  });

  it('reports signedUrl null as retryable, and Retry uploads the file in the same message', async () => {
    const message = seedMessage([{ name: 'gauge.png', content: PNG, mimetype: 'image/png' }]);
    h.sandbox.admin.inject({
      endpoint: 'POST /files/signed-uploads/create',
      status: 200,
      body: { data: { signedUrl: null, name: 'tmp' } },
    });
    const failed = await upload(message);
    expect(failed.text).toBe('0 of 1 files uploaded to the platform.');
    expect(JSON.stringify(failed.blocks)).toContain('could not prepare an upload for gauge.png');
    const uploadsBefore = h.sandbox.admin.written().uploads.length;
    await h.driver.blockAction({ actionId: 'file_retry', message: failed });
    await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find((m) => m.ts === failed.ts && m.text === '1 of 1 files uploaded to the platform.'),
    );
    const [again] = h.sandbox.admin.written().uploads.slice(uploadsBefore);
    expect(again?.name).toBe('gauge.png');
    expect((await platformFile(h, again!.fileId)).bytes.equals(PNG)).toBe(true);
    expectValidBlockKit(h.standin);
  });

  it('requests a fresh form when the first one expired before the upload reached storage', async () => {
    const message = seedMessage([{ name: 'late.pdf', content: PDF, mimetype: 'application/pdf' }]);
    h.sandbox.admin.clearRequests();
    h.sandbox.admin.inject({ endpoint: 'POST /_storage/upload', latencyMs: 400 });
    const done = upload(message);
    // The upload is in flight (recorded, delayed): five minutes pass on the platform before storage looks at it.
    await waitFor(() => h.sandbox.admin.requests().some((r) => r.path.startsWith('/_storage/upload')));
    h.sandbox.admin.tick(6 * 60_000);
    const result = await done;
    expect(result.text).toBe('1 of 1 files uploaded to the platform.');
    const forms = h.sandbox.admin.requests().filter((r) => r.path === '/files/signed-uploads/create');
    expect(forms.length).toBe(2);
    const storage = h.sandbox.admin.requests().filter((r) => r.path.startsWith('/_storage/upload'));
    expect(storage.map((r) => r.status)).toEqual([403, 204]);
  });

  it('says the upload failed and offers Retry when the form expires twice', async () => {
    const message = seedMessage([{ name: 'twice.png', content: PNG, mimetype: 'image/png' }]);
    h.sandbox.admin.inject({ endpoint: 'POST /_storage/upload', status: 403, times: 2 });
    const result = await upload(message);
    expect(JSON.stringify(result.blocks)).toContain('The upload form for twice.png expired');
    expect(result.blocks?.some((b) => (b as JsonObject).type === 'actions')).toBe(true);
  });

  it('never sends the bot token to a url_private outside Slack', async () => {
    const { createServer } = await import('node:http');
    const seen: string[] = [];
    const other = createServer((req, res) => {
      seen.push(String(req.headers.authorization));
      res.end('x'.repeat(500));
    });
    await new Promise<void>((r) => other.listen(0, '127.0.0.1', r));
    try {
      const address = other.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const message = seedMessage([{ name: 'moved.png', content: PNG, mimetype: 'image/png' }]);
      const file = h.standin.uploads().find((f) => f.id === message.files![0]);
      file!.url_private = `http://127.0.0.1:${port}/files-pri/moved.png`;
      const result = await upload(message);
      expect(JSON.stringify(result.blocks)).toContain("moved.png is not stored on Slack's file host");
      expect(seen).toEqual([]);
    } finally {
      await new Promise((r) => other.close(r));
    }
  });

  it('asks for a site or data source when no company is configured', async () => {
    const message = seedMessage([{ name: 'x.png', content: PNG, mimetype: 'image/png' }]);
    const view = await openByMessageShortcut(h, 'upload_files', message, 'file_upload');
    const result = await h.driver.viewSubmission({ view, values: {}, allowMissingRequired: true });
    expect(result.responseAction).toBe('errors');
    expect(result.errors?.file_target).toContain('FIELDLINE_COMPANY_ID');
  });

  it('answers a message without files at once', async () => {
    const message = h.standin.addMessage({ channel: 'C0GENERAL', text: 'no files here' });
    const res = await h.driver.messageShortcut('upload_files', { channel: 'C0GENERAL', message });
    expect(res.status).toBe(200);
    await waitFor(() =>
      h.standin.messages('C0GENERAL').find((m) => m.text === 'That message has no files to upload.'),
    );
  });
});
