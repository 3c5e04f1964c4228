import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

interface Signed {
  signedUrl: { url: string; fields: Record<string, string> } | null;
  name: string;
}

async function createForm(body: Record<string, unknown>): Promise<Signed> {
  return (await api.data('/files/signed-uploads/create', { method: 'POST', body })) as Signed;
}

async function upload(
  form: Signed,
  bytes: Buffer,
  type: string,
  opts: { fileFirst?: boolean; headers?: Record<string, string> } = {},
) {
  const fd = new FormData();
  const file = new Blob([new Uint8Array(bytes)], { type });
  if (opts.fileFirst) fd.append('file', file, 'x.bin');
  for (const [k, v] of Object.entries(form.signedUrl?.fields ?? {})) fd.append(k, v);
  if (!opts.fileFirst) fd.append('file', file, 'x.bin');
  const res = await fetch(form.signedUrl?.url ?? '', { method: 'POST', body: fd, headers: opts.headers });
  return { status: res.status, text: await res.text() };
}

const bytes = (n: number) => Buffer.alloc(n, 7);

describe('signed uploads', () => {
  it('accepts a matching upload with 204, then GET /files/{id} serves the record and a key-free download', async () => {
    const form = await createForm({
      name: 'report.pdf',
      fileSize: 300,
      company: { id: '42' },
      site: { id: '101' },
      fileMimeType: 'application/pdf',
      originProperties: { slack: { channel: 'C1' }, by: 'U1' },
    });
    expect(form.signedUrl?.fields['Content-Type']).toBe('application/pdf');
    expect(form.signedUrl?.fields.key).toEqual(expect.any(String));
    expect(form.signedUrl?.url.startsWith(api.sandbox.url)).toBe(true);
    expect(await upload(form, bytes(300), 'application/pdf')).toEqual({ status: 204, text: '' });
    const [record] = api.sandbox.admin.written().uploads.slice(-1);
    const file = (await api.data(`/files/${record?.fileId}`)) as Record<string, unknown>;
    expect(file).toMatchObject({
      id: record?.fileId,
      name: 'report.pdf',
      fileType: 'pdf',
      fileSize: 300,
      createdBy: expect.any(Number),
      site: { id: '101', name: 'Berlin Plant' },
    });
    // contract: section 12 — originProperties objects are serialised to a string before processing.
    expect(file.originProperties).toEqual({ slack: '{"channel":"C1"}', by: 'U1' });
    expect(file.createdDate).toMatch(/\+00:00$/);
    const download = await fetch(String(file.file));
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(bytes(300));
    const bare = (await api.data(`/files/${record?.fileId}?resolveFiles=false`)) as Record<string, unknown>;
    expect(bare.file).toBe('');
    expect(api.sandbox.admin.presignedWithCredentials()).toEqual([]);
  });

  it('records a key sent to a pre-signed URL so tests can prove the client never does it', async () => {
    const file = (await api.data('/files/8001')) as { file: string };
    await fetch(file.file, { headers: { 'x-api-key': api.sandbox.keys.full } });
    expect(api.sandbox.admin.presignedWithCredentials().map((r) => r.path)).toEqual(['/_storage/files/8001']);
    api.sandbox.admin.clearRequests();
  });

  it('refuses an upload whose file Content-Type differs from the signed Content-Type field', async () => {
    const form = await createForm({
      name: 'photo.png',
      fileSize: 200,
      company: { id: '42' },
      fileType: 'png',
    });
    expect(form.signedUrl?.fields['Content-Type']).toBe('image/png');
    expect((await upload(form, bytes(200), 'image/jpeg')).status).toBe(403);
    expect((await upload(form, bytes(200), 'image/png')).status).toBe(204);
  });

  it('needs the exact size unless fileSizeLoose, and the file last', async () => {
    const exact = await createForm({ name: 'a.csv', fileSize: 150, company: { id: '42' }, fileType: 'csv' });
    expect((await upload(exact, bytes(151), 'text/csv')).status).toBe(400);
    expect((await upload(exact, bytes(150), 'text/csv', { fileFirst: true })).status).toBe(400);
    const loose = await createForm({
      name: 'b.csv',
      fileSize: 150,
      company: { id: '42' },
      fileType: 'csv',
      fileSizeLoose: true,
    });
    expect((await upload(loose, bytes(900), 'text/csv')).status).toBe(204);
  });

  it('expires the form after 5 minutes of sandbox time', async () => {
    const form = await createForm({
      name: 'late.png',
      fileSize: 100,
      company: { id: '42' },
      fileType: 'png',
    });
    api.sandbox.admin.tick(5 * 60_000 + 1000);
    const res = await upload(form, bytes(100), 'image/png');
    expect(res.status).toBe(403);
    expect(res.text).toContain('expired');
  });

  it('stores a file with neither fileType nor fileMimeType as .bin', async () => {
    const form = await createForm({ name: 'notes.txt', fileSize: 120, company: { id: '42' } });
    expect(form.signedUrl?.fields['Content-Type']).toBe('application/octet-stream');
    expect((await upload(form, bytes(120), 'application/octet-stream')).status).toBe(204);
    const [record] = api.sandbox.admin.written().uploads.slice(-1);
    expect(await api.data(`/files/${record?.fileId}`)).toMatchObject({ name: 'notes.bin', fileType: 'bin' });
  });

  it.each([
    ['an unknown field', { name: 'a.png', fileSize: 200, company: { id: '42' }, contentType: 'image/png' }],
    ['inline content', { name: 'a.png', fileSize: 200, company: { id: '42' }, content: 'aGVsbG8=' }],
    ['a size under 100 B', { name: 'a.png', fileSize: 99, company: { id: '42' } }],
    ['no company and no conversation', { name: 'a.png', fileSize: 200 }],
    [
      'conversation with site',
      { name: 'a.png', fileSize: 200, conversation: { id: '5' }, site: { id: '101' } },
    ],
  ])('rejects %s with 400', async (_label, body) => {
    expect((await api.call('/files/signed-uploads/create', { method: 'POST', body })).status).toBe(400);
  });
});
