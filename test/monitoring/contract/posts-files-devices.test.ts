/** Contract: POST /post (11), File + GET /files/{id} (13), device status (14). Signed uploads: uploads.test.ts. */
import { beforeEach, describe, expect, test } from 'vitest';
import type { FileRecord, PostCreate } from '../../../src/monitoring/index.ts';
import { HEALTHY_CAMERA } from '../../fixtures/device-status.ts';
import { apiRequests, kind, raw, sourceOf, textOf, useContract } from './fixture.ts';

const c = useContract();

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
    const empty = await raw(c.sb, 'POST', '/post', { body: [] });
    expect(empty).toMatchObject({ status: 200, json: {} });
    expect(c.sb.admin.written().posts).toHaveLength(1);
    // The client sends one object, never an array; an answer without `data` means nothing was created.
    c.sb.admin.clearRequests();
    await c.client.posts.create(post);
    expect(apiRequests(c.sb)[0]).toBeDefined();
    expect(Array.isArray(lastPost()?.body)).toBe(false);
    c.sb.admin.inject({ endpoint: 'POST /post', status: 200, body: {} });
    expect(await c.client.posts.create(post).catch((e: unknown) => e)).toMatchObject({
      code: 'BAD_RESPONSE',
      body: {},
    });
  });

  test('contract: posts rule — response {data: <post_id number>}', async () => {
    const { postId } = await c.client.posts.create(post);
    expect(Number.isInteger(postId)).toBe(true);
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
    const bare = await raw(c.sb, 'GET', `/files/${fileId}?resolveFiles=false`);
    expect((bare.json as { data: Record<string, unknown> }).data.file).toBe('');
  });

  test('contract: files section 13 — no other query parameters; an unknown file gives an error, not null', async () => {
    expect((await raw(c.sb, 'GET', `/files/${fileId}?x=1`)).status).toBe(400);
    expect(await c.client.files.get('987654321').catch((e: unknown) => e)).toMatchObject({
      code: expect.stringMatching(/NO_ACCESS|VALIDATION|CONFLICT|SERVER/),
    });
  });
});

describe('section 14 — POST /devices/status/{id}', () => {
  // A decimal temperature: the value travels as the number it is.
  const full = { ...HEALTHY_CAMERA, temperature: 41.5 };
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
    // An omitted expected field raises an alert rather than failing the request.
    const { cameraOn: _omitted, ...partial } = full;
    await expect(c.client.devices.reportStatus(cam.id, partial)).resolves.toBeUndefined();
    const open = c.sb.admin.alerts().filter((a) => a.sourceId === cam.id && a.clearedAt === null);
    expect(open.map((a) => a.kind)).toEqual(['missing:cameraOn']);
    // Re-reporting a healthy (complete) status clears the earlier alerts.
    await c.client.devices.reportStatus(cam.id, full);
    expect(c.sb.admin.alerts().filter((a) => a.sourceId === cam.id && a.clearedAt === null)).toEqual([]);
  });
});
