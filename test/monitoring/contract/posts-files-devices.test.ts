/** Contract: POST /post (11), signed uploads (12), File + GET /files/{id} (13), device status (14). */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { FileRecord, PostCreate, SignedUploadCreate } from '../../../src/monitoring/index.ts';
import { kind, raw, sourceOf, startContract, textOf, type Contract } from './fixture.ts';

let c: Contract;
beforeAll(async () => {
  c = await startContract();
});
afterAll(() => c.close());
beforeEach(() => c.sb.admin.reset());

const lastPost = () => c.sb.admin.written().posts.at(-1);
const post: PostCreate = { content: 'Compressor 2 back online', toChannelId: '7101' };

describe('section 11 — POST /post', () => {
  const fields: [keyof PostCreate, unknown][] = [
    ['title', 'Shift note'],
    ['skipNotifications', true],
    ['payload', { kind: 'note' }],
    ['groupingKey', 'shift-2'],
    ['imageId', '9001'],
    ['priorityId', '10'],
    ['hashtags', ['maintenance']],
    ['ctas', [{ label: 'Open' }]],
  ];
  test('contract: posts field content — required body text; toChannelId — required target channel', async () => {
    expect((await raw(c.sb, 'POST', '/post', { body: { toChannelId: '7101' } })).status).toBe(400);
    expect((await raw(c.sb, 'POST', '/post', { body: { content: 'x' } })).status).toBe(400);
    const { postId } = await c.client.posts.create(post);
    expect(lastPost()).toMatchObject({ id: postId, body: post });
  });

  test.each(fields)('contract: posts field %s — optional, sent as given', async (field, value) => {
    await c.client.posts.create({ ...post, [field]: value });
    expect(lastPost()?.body[field]).toEqual(value);
  });

  test('contract: posts rule — any other field (fromChannelId, postTypeId) gives 400 with 01-004', async () => {
    for (const extra of ['fromChannelId', 'postTypeId']) {
      expect(await raw(c.sb, 'POST', '/post', { body: { ...post, [extra]: '1' } })).toMatchObject({
        status: 400,
        json: { internalErrorCode: '01-004' },
      });
      expect(
        await c.client.posts.create({ ...post, [extra]: '1' } as never).catch((e: unknown) => e),
      ).toMatchObject({ code: 'INVALID_ARGUMENT', field: `post.${extra}` });
    }
  });

  test('contract: posts rule — one object or an array of exactly one; two fail; an empty array answers {}', async () => {
    expect((await raw(c.sb, 'POST', '/post', { body: [post] })).status).toBe(200);
    expect((await raw(c.sb, 'POST', '/post', { body: [post, post] })).status).toBe(400);
    expect((await raw(c.sb, 'POST', '/post', { body: [] })).json).toEqual({});
  });

  test('contract: posts rule — response {data: <post_id number>}', async () => {
    const { postId } = await c.client.posts.create(post);
    expect(Number.isInteger(postId)).toBe(true);
  });
});

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
    expect(
      (await raw(c.sb, 'POST', '/files/signed-uploads/create', { body: { ...input, fileSize: 99 } })).status,
    ).toBe(400);
    expect(
      await c.client.files.createSignedUpload({ ...input, fileSize: 99 }).catch((e: unknown) => e),
    ).toMatchObject({ field: 'fileSize' });
  });

  test('contract: signed uploads field company — required unless conversation', async () => {
    expect(
      (await raw(c.sb, 'POST', '/files/signed-uploads/create', { body: { name: 'a', fileSize: 200 } }))
        .status,
    ).toBe(400);
  });

  test('contract: signed uploads field site — not allowed with conversation', async () => {
    expect(
      (
        await raw(c.sb, 'POST', '/files/signed-uploads/create', {
          body: { name: 'a', fileSize: 200, conversation: { id: '1' }, site: { id: '101' } },
        })
      ).status,
    ).toBe(400);
  });

  test('contract: signed uploads field conversation — instead of company/site, never both', async () => {
    expect(
      (
        await raw(c.sb, 'POST', '/files/signed-uploads/create', {
          body: { name: 'a', fileSize: 200, conversation: { id: '1' }, company: { id: '42' } },
        })
      ).status,
    ).toBe(400);
    await expect(
      c.client.files.createSignedUpload({ name: 'a.txt', fileSize: 200, conversation: { id: '1' } }),
    ).resolves.toMatchObject({ url: expect.any(String) });
  });

  test('contract: signed uploads field fileType / fileMimeType — mime type wins and becomes the required Content-Type', async () => {
    const form = await c.client.files.createSignedUpload({ ...input, fileType: 'jpg' });
    const contentType = Object.entries(form.fields).find(([k]) => k.toLowerCase() === 'content-type')?.[1];
    expect(contentType).toBe('image/png');
    await c.client.files.upload(form, bytes(2048), 'photo.png');
    expect(c.sb.admin.written().uploads.at(-1)).toMatchObject({ contentType: 'image/png', size: 2048 });
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

describe('File (GET /files/{fileId})', () => {
  let fileId: string;
  beforeEach(async () => {
    const form = await c.client.files.createSignedUpload({
      name: 'report.pdf',
      fileSize: 400,
      company: { id: '42' },
      site: { id: '101' },
      fileMimeType: 'application/pdf',
    });
    await c.client.files.upload(form, new Uint8Array(400).fill(1), 'report.pdf');
    fileId = c.sb.admin.written().uploads.at(-1)!.fileId;
  });

  const rows: [string, (f: FileRecord) => boolean][] = [
    ['id — string', (f) => f.id === fileId],
    ['name — includes extension', (f) => f.name === 'report.pdf'],
    ['fileType — extension such as pdf', (f) => f.fileType === 'pdf'],
    ['fileSize — number (bytes)', (f) => f.fileSize === 400],
    ['createdDate — string with UTC offset', (f) => /([+-]\d{2}:?\d{2}|Z)$/.test(String(f.createdDate))],
    ['createdBy — user ID as a number', (f) => typeof f.createdBy === 'number'],
    ['origin — string, nullable', (f) => f.origin === null || typeof f.origin === 'string'],
    [
      'originProperties — object, nullable (the metadata sent with the upload request)',
      (f) => 'originProperties' in f,
    ],
    [
      'company, site — {id, name}, nullable',
      (f) => f.company?.id === '42' && f.site?.id === '101' && 'name' in f.company,
    ],
    [
      'conversation — nullable, set instead of company/site for conversation files',
      (f) => f.conversation === null,
    ],
  ];
  test.each(rows)('contract: file row %s', async (_label, check) => {
    const file = await c.client.files.get(fileId);
    expect(check(file), JSON.stringify(file)).toBe(true);
  });

  test('contract: file row file — the pre-signed download URL (no url/fileUrl); empty with resolveFiles=false', async () => {
    const file = await c.client.files.get(fileId);
    expect(file).not.toHaveProperty('url');
    expect(file).not.toHaveProperty('fileUrl');
    const download = await c.client.download(file.file);
    expect((await textOf(download.body)).length).toBe(400);
    expect((await c.client.files.get(fileId, { resolveFiles: false })).file).toBe('');
  });

  test('contract: files section 13 — no other query parameters; an unknown file gives an error, not null', async () => {
    expect((await raw(c.sb, 'GET', `/files/${fileId}?x=1`)).status).toBe(400);
    expect(await c.client.files.get('987654321').catch((e: unknown) => e)).toMatchObject({
      code: expect.stringMatching(/NO_ACCESS|VALIDATION|CONFLICT|SERVER/),
    });
  });
});

describe('section 14 — POST /devices/status/{id}', () => {
  const full = {
    battery: 88,
    isCharging: false,
    onLine: true,
    deviceOn: true,
    cameraOn: true,
    wifiConnected: true,
    cellularConnected: false,
    ethernetConnected: false,
    temperature: 41.5,
    version: '3.2.1',
  };
  const statusFields = Object.entries(full);
  test.each(statusFields)(
    'contract: device status field %s — stored and shown on the data source',
    async (field, value) => {
      const cam = sourceOf(c.sb, kind('camera'));
      await c.client.devices.reportStatus(cam.id, full);
      const ds = await c.client.dataSources.get(cam.id);
      expect(ds.deviceStatus?.[field as keyof typeof full]).toEqual(value);
    },
  );

  test('contract: device status rule — status required; response {data: SUCCESS}', async () => {
    const cam = sourceOf(c.sb, kind('camera'));
    expect((await raw(c.sb, 'POST', `/devices/status/${cam.id}`, { body: {} })).status).toBe(400);
    expect((await raw(c.sb, 'POST', `/devices/status/${cam.id}`, { body: { status: full } })).json).toEqual({
      data: 'SUCCESS',
    });
  });

  test('contract: device status rule — an omitted or unhealthy value raises an alert; a healthy report clears it', async () => {
    const cam = sourceOf(c.sb, kind('camera'));
    await c.client.devices.reportStatus(cam.id, { ...full, battery: 3 });
    expect(c.sb.admin.alerts().some((a) => a.sourceId === cam.id && a.clearedAt === null)).toBe(true);
    await c.client.devices.reportStatus(cam.id, full);
    expect(c.sb.admin.alerts().filter((a) => a.sourceId === cam.id && a.clearedAt === null)).toEqual([]);
  });
});
