/** Contract: POST /files/signed-uploads/create and the storage upload (section 12). */
import { describe, expect, test } from 'vitest';
import type { SignedUploadCreate } from '../../../src/monitoring/index.ts';
import { kind, raw, sourceOf, useContract } from './fixture.ts';

const c = useContract();

const refusedBy = async (p: Promise<unknown>, field: string) =>
  expect(await p.catch((e: unknown) => e)).toMatchObject({ code: 'INVALID_ARGUMENT', field });

/** The sandbox answers 400 to the body, and the client refuses it before sending, naming `field`. */
const bothRefuse = async (body: SignedUploadCreate, field: string) => {
  expect((await raw(c.sb, 'POST', '/files/signed-uploads/create', { body })).status).toBe(400);
  await refusedBy(c.client.files.createSignedUpload(body), field);
};

describe('section 12 — POST /files/signed-uploads/create and the upload', () => {
  const input: SignedUploadCreate = {
    name: 'photo.png',
    fileSize: 2048,
    company: { id: '42' },
    fileMimeType: 'image/png',
  };
  const bytes = (n: number) => new Uint8Array(n).fill(7);

  test('contract: signed uploads field name, fileSize — required; the upload must match fileSize', async () => {
    const form = await c.client.files.createSignedUpload(input);
    expect(
      await c.client.files.upload(form, bytes(1000), 'photo.png').catch((e: unknown) => e),
    ).toMatchObject({ code: 'UPLOAD_FAILED' });
  });

  test('contract: signed uploads field fileSize — 100 B to 100 MB', async () => {
    await bothRefuse({ ...input, fileSize: 99 }, 'fileSize');
  });

  test('contract: signed uploads field company — required unless conversation', async () => {
    await bothRefuse({ name: 'a.txt', fileSize: 200 }, 'company');
  });

  test('contract: signed uploads field site — not allowed with conversation', async () => {
    await bothRefuse(
      { name: 'a.txt', fileSize: 200, conversation: { id: '1' }, site: { id: '101' } },
      'site',
    );
  });

  test('contract: signed uploads field conversation — instead of company/site, never both', async () => {
    await bothRefuse(
      { name: 'a.txt', fileSize: 200, conversation: { id: '1' }, company: { id: '42' } },
      'company',
    );
    const form = await c.client.files.createSignedUpload({
      name: 'a.txt',
      fileSize: 200,
      conversation: { id: '1' },
      fileMimeType: 'text/plain',
    });
    await c.client.files.upload(form, bytes(200), 'a.txt');
    const file = await c.client.files.get(c.sb.admin.written().uploads.at(-1)!.fileId);
    expect(file).toMatchObject({ conversation: { id: '1' }, company: null, site: null });
  });

  test('contract: signed uploads field fileType / fileMimeType — mime type wins and becomes the required Content-Type', async () => {
    const form = await c.client.files.createSignedUpload({ ...input, fileType: 'jpg' });
    const contentType = Object.entries(form.fields).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    expect(contentType).toBe('image/png');
    await c.client.files.upload(form, bytes(2048), 'photo.png');
    const upload = c.sb.admin.written().uploads.at(-1)!;
    expect(upload).toMatchObject({ contentType: 'image/png', size: 2048 });
    expect(await c.client.files.get(upload.fileId)).toMatchObject({ name: 'photo.png', fileType: 'png' });
    // A file part whose type differs from the form's Content-Type is refused by storage.
    const again = await c.client.files.createSignedUpload({ ...input, fileType: 'jpg' });
    const mismatched = { ...again, fields: { ...again.fields, 'Content-Type': 'image/jpeg' } };
    expect(
      await c.client.files.upload(mismatched, bytes(2048), 'photo.png').catch((e: unknown) => e),
    ).toMatchObject({ code: 'UPLOAD_FAILED' });
  });

  test('contract: signed uploads field fileType — with neither fileType nor fileMimeType the file is stored as .bin', async () => {
    const form = await c.client.files.createSignedUpload({
      name: 'notes.txt',
      fileSize: 150,
      company: { id: '42' },
    });
    expect(form.fields['Content-Type']).toBe('application/octet-stream');
    await c.client.files.upload(form, bytes(150), 'notes.txt');
    const file = await c.client.files.get(c.sb.admin.written().uploads.at(-1)!.fileId);
    expect(file).toMatchObject({ name: 'notes.bin', fileType: 'bin' });
  });

  test('contract: signed uploads field fileSizeLoose — size is advisory', async () => {
    const form = await c.client.files.createSignedUpload({ ...input, fileSizeLoose: true });
    await c.client.files.upload(form, bytes(300), 'photo.png');
    expect(c.sb.admin.written().uploads.at(-1)?.size).toBe(300);
  });

  test('contract: signed uploads fields deviceId + assetType, channelId, originProperties — stored with the file', async () => {
    const device = sourceOf(c.sb, kind('camera'));
    const form = await c.client.files.createSignedUpload({
      ...input,
      deviceId: device.id,
      assetType: 'image',
      channelId: '7101',
      originProperties: { slackTs: '1.2' },
    });
    await c.client.files.upload(form, bytes(2048), 'photo.png');
    const fileId = c.sb.admin.written().uploads.at(-1)!.fileId;
    const file = await c.client.files.get(fileId);
    expect(JSON.stringify(file.originProperties)).toContain('slackTs');
  });

  test('contract: signed uploads rule — unknown field (contentType) or any query string gives 400', async () => {
    expect(
      (
        await raw(c.sb, 'POST', '/files/signed-uploads/create', {
          body: { ...input, contentType: 'image/png' },
        })
      ).status,
    ).toBe(400);
    expect((await raw(c.sb, 'POST', '/files/signed-uploads/create?x=1', { body: input })).status).toBe(400);
  });

  test('contract: signed uploads rule — signedUrl null on a signing failure is SIGNING_FAILED (retryable)', async () => {
    c.sb.admin.inject({
      endpoint: 'POST /files/signed-uploads/create',
      status: 200,
      body: { data: { signedUrl: null, name: 'tmp-x' } },
    });
    expect(await c.client.files.createSignedUpload(input).catch((e: unknown) => e)).toMatchObject({
      code: 'SIGNING_FAILED',
      retryable: true,
    });
  });

  test('contract: signed uploads rule — multipart POST: every field, then file last, no x-api-key; 204/201 success; file record created after', async () => {
    const form = await c.client.files.createSignedUpload(input);
    expect(form.name).not.toBe('photo.png');
    await c.client.files.upload(form, bytes(2048), 'photo.png');
    const upload = c.sb.admin.written().uploads.at(-1)!;
    expect(c.sb.admin.presignedWithCredentials()).toEqual([]);
    expect(await c.client.files.get(upload.fileId)).toMatchObject({ name: 'photo.png', fileSize: 2048 });
    expect(c.sb.admin.requests().find((r) => r.kind === 'presigned')?.status).toBe(204);
    // 201 with an empty body is success too (storage may answer either).
    const next = await c.client.files.createSignedUpload(input);
    c.sb.admin.inject({ endpoint: 'POST /_storage/upload', status: 201 });
    await expect(c.client.files.upload(next, bytes(2048), 'photo.png')).resolves.toBeUndefined();
    c.sb.admin.inject({ endpoint: 'POST /_storage/upload', status: 200 });
    expect(
      await c.client.files.upload(next, bytes(2048), 'photo.png').catch((e: unknown) => e),
    ).toMatchObject({ code: 'UPLOAD_FAILED', status: 200 });
  });

  test('contract: signed uploads limit — the form works 5 minutes (expiresAt), then fails', async () => {
    const form = await c.client.files.createSignedUpload(input);
    expect(form.expiresAt - c.sb.admin.now()).toBeLessThanOrEqual(5 * 60_000);
    c.sb.admin.tick(6 * 60_000);
    const stale = { ...form, expiresAt: Number.MAX_SAFE_INTEGER };
    expect(
      await c.client.files.upload(stale, bytes(2048), 'photo.png').catch((e: unknown) => e),
    ).toMatchObject({ code: 'UPLOAD_FAILED' });
  });
});
