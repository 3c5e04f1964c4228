/** Posts, device status and files modules incl. the multipart signed upload (MockAgent). */
import busboy from 'busboy';
import { describe, expect, test } from 'vitest';
import { caught, json, setup, STORAGE } from './helpers.ts';

describe('posts, devices, files', () => {
  test('a post is sent as one object and returns the numeric post id', async () => {
    const s = setup();
    s.platform.intercept({ path: '/post', method: 'POST' }).reply(200, { data: 3101 }, { headers: json });
    expect(
      await s.client.posts.create({ content: 'Shift report', toChannelId: 'ch1', skipNotifications: true }),
    ).toEqual({ postId: 3101 });
    expect(JSON.parse(s.calls()[0]!.body!)).toEqual({
      content: 'Shift report',
      toChannelId: 'ch1',
      skipNotifications: true,
    });
  });

  test('device status is posted as {status}', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/devices/status/cam1', method: 'POST' })
      .reply(200, { data: 'SUCCESS' }, { headers: json });
    await s.client.devices.reportStatus('cam1', { battery: 80, onLine: true, wifiConnected: true });
    expect(JSON.parse(s.calls()[0]!.body!)).toEqual({
      status: { battery: 80, onLine: true, wifiConnected: true },
    });
  });

  test('files get sends resolveFiles only when false is asked', async () => {
    const s = setup();
    const file = { id: 'f1', name: 'a.pdf', fileType: 'pdf', fileSize: 1234, createdBy: 9, file: '' };
    s.platform
      .intercept({ path: '/files/f1', method: 'GET' })
      .reply(200, { data: { ...file, file: 'https://s/x' } }, { headers: json });
    s.platform
      .intercept({ path: '/files/f1?resolveFiles=false', method: 'GET' })
      .reply(200, { data: file }, { headers: json });
    expect(await s.client.files.get('f1', { resolveFiles: true })).toMatchObject({
      file: 'https://s/x',
      createdBy: 9,
    });
    expect(await s.client.files.get('f1', { resolveFiles: false })).toMatchObject({ file: '' });
  });

  test('signed upload: expiresAt is now + 5 minutes; signedUrl null is SIGNING_FAILED', async () => {
    const s = setup();
    const fields = { key: 'tmp/abc', policy: 'p', 'Content-Type': 'application/pdf' };
    s.platform
      .intercept({ path: '/files/signed-uploads/create', method: 'POST' })
      .reply(
        200,
        { data: { signedUrl: { url: `${STORAGE}/b`, fields }, name: 'tmp-abc' } },
        { headers: json },
      );
    s.platform
      .intercept({ path: '/files/signed-uploads/create', method: 'POST' })
      .reply(200, { data: { signedUrl: null, name: 'tmp-abd' } }, { headers: json });
    const input = { name: 'a.pdf', fileSize: 500, company: { id: 'co1' }, fileMimeType: 'application/pdf' };
    expect(await s.client.files.createSignedUpload(input)).toEqual({
      url: `${STORAGE}/b`,
      fields,
      name: 'tmp-abc',
      expiresAt: Date.parse('2025-03-01T12:05:00Z'),
    });
    expect(await caught(() => s.client.files.createSignedUpload(input))).toMatchObject({
      code: 'SIGNING_FAILED',
      retryable: true,
    });
  });

  test('upload posts every field in order, then the file last with the form Content-Type', async () => {
    const s = setup();
    s.storage.intercept({ path: '/b', method: 'POST' }).reply(201, '');
    const fields = {
      key: 'tmp/abc',
      policy: 'p0',
      'x-amz-signature': 'sig',
      'Content-Type': 'application/pdf',
    };
    const bytes = new TextEncoder().encode('%PDF-1.4 '.repeat(20));
    await s.client.files.upload(
      { url: `${STORAGE}/b`, fields, name: 'tmp', expiresAt: Date.parse('2025-03-01T12:05:00Z') },
      bytes,
      'report.pdf',
    );
    const history = s.agent.getCallHistory()!.calls()[0]!;
    const raw: unknown = history.body;
    const parts = await parseMultipart(
      String(history.headers?.['content-type']),
      Buffer.from(raw as Uint8Array),
    );
    expect(parts.map((p) => p.name)).toEqual(['key', 'policy', 'x-amz-signature', 'Content-Type', 'file']);
    expect(parts.at(-1)).toMatchObject({
      filename: 'report.pdf',
      mimeType: 'application/pdf',
      value: '%PDF-1.4 '.repeat(20),
    });
  });

  test.each([200, 403, 400])('an upload answered %i is UPLOAD_FAILED', async (status) => {
    const s = setup();
    s.storage
      .intercept({ path: '/b', method: 'POST' })
      .reply(status, status === 200 ? '' : '<Error><Code>AccessDenied</Code></Error>');
    const form = {
      url: `${STORAGE}/b`,
      fields: { key: 'k' },
      name: 'tmp',
      expiresAt: Date.parse('2025-03-01T12:05:00Z'),
    };
    expect(await caught(() => s.client.files.upload(form, new Uint8Array(150), 'a.bin'))).toMatchObject({
      code: 'UPLOAD_FAILED',
      status,
    });
  });
});

async function parseMultipart(contentType: string, body: Buffer) {
  const parts: { name: string; value: string; filename?: string; mimeType?: string }[] = [];
  await new Promise<void>((resolve, reject) => {
    const bb = busboy({ headers: { 'content-type': contentType } });
    bb.on('field', (name, value) => parts.push({ name, value }));
    bb.on('file', (name, stream, info) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () =>
        parts.push({
          name,
          value: Buffer.concat(chunks).toString(),
          filename: info.filename,
          mimeType: info.mimeType,
        }),
      );
    });
    bb.on('close', resolve);
    bb.on('error', reject);
    bb.end(body);
  });
  return parts;
}
