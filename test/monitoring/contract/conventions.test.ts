/** Contract: general conventions, Authentication and Errors, client against the sandbox over loopback. */
import { describe, expect, test } from 'vitest';
import { apiRequests, kind, raw, recentDays, sourceOf, textOf, useContract } from './fixture.ts';
import { collect } from '../helpers.ts';
import { MonitoringError } from '../../../src/monitoring/index.ts';

const c = useContract();

const week = recentDays('2 days');

describe('conventions', () => {
  test('contract: conventions rule 1 — JSON everywhere except the CSV template text, CSV files and the storage upload', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const res = await raw(c.sb, 'GET', `/reading/template?meterId=${meter.id}`);
    expect(String(res.headers['content-type'])).toContain('application/json');
    expect(typeof (await c.client.readings.template(meter.id))).toBe('string');
  });

  test('contract: conventions rule 2 — success is 200 {data}; list calls add a sibling lastValue', async () => {
    const res = await raw(c.sb, 'GET', '/data-sources?limit=2');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ data: expect.any(Array), lastValue: expect.any(String) });
    const page = await c.client.dataSources.listPage({ limit: 2 });
    expect(page.rows).toHaveLength(2);
    expect(page.lastValue).toEqual(expect.any(String));
  });

  test('contract: conventions rule 3 — IDs in requests are strings; in responses strings except fields marked as numbers', async () => {
    const page = await c.client.tasks.listPage({ limit: 5 });
    for (const task of page.rows) {
      expect(typeof task.id).toBe('string');
      expect(typeof task.postId).toBe('number');
    }
    const meter = sourceOf(c.sb, kind('energy'));
    const numeric = await raw(c.sb, 'POST', '/reading', {
      body: [{ meterId: Number(meter.id), readings: [{ timestamp: null, values: {} }] }],
    });
    expect(numeric.status).toBe(400);
  });

  test('contract: conventions rule 4 — an empty list is {data: null}, never {data: []}', async () => {
    const res = await raw(c.sb, 'GET', '/tasks?limit=5&textSearch=no-such-task-anywhere');
    expect(res.json).toMatchObject({ data: null });
    expect(await collect(c.client.tasks.list({ textSearch: 'no-such-task-anywhere' }))).toEqual([]);
  });

  test('contract: conventions rule 5 — pre-signed URLs carry their own authorisation; x-api-key is not sent to them', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const exported = await c.client.readings.exportCsv(meter.id, week);
    expect(exported).not.toBeNull();
    const file = await c.client.download(exported!.fileUrl);
    expect(await textOf(file.body)).toMatch(/^timestamp,/);
    expect(c.sb.admin.presignedWithCredentials()).toEqual([]);
    expect(c.sb.admin.requests().some((r) => r.kind === 'presigned')).toBe(true);
  });

  test('contract: conventions rule 6 — no query string beyond the parameters listed for the call', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const cam = sourceOf(c.sb, kind('camera'));
    const task = c.sb.admin.state.tasks[0]!;
    const none: [method: 'GET' | 'POST' | 'PATCH', path: string, body: unknown][] = [
      ['POST', '/reading', [{ meterId: meter.id, readings: [{ timestamp: null, values: {} }] }]],
      ['POST', '/task/', { name: 'x', siteId: '101', typeId: '1' }],
      ['PATCH', `/task/${task.id}`, { name: 'x' }],
      ['POST', '/post', { content: 'x', toChannelId: '7101' }],
      ['POST', '/files/signed-uploads/create', { name: 'a.txt', fileSize: 200, company: { id: '42' } }],
      ['POST', `/devices/status/${cam.id}`, { status: { battery: 80 } }],
      ['GET', '/files/8001', undefined],
    ];
    for (const [method, path, body] of none) {
      const res = await raw(c.sb, method, `${path}?extra=1`, { body });
      expect(res.status, `${method} ${path}`).toBe(400);
    }
    expect((await raw(c.sb, 'GET', '/files/8001?resolveFiles=true&extra=1')).status).toBe(400);
    expect((await raw(c.sb, 'GET', '/files/8001?resolveFiles=false')).status).toBe(200);
    expect(c.sb.admin.written()).toMatchObject({ readings: [], posts: [], tasks: [], patches: [] });
    c.sb.admin.clearRequests();
    await c.client.readings.write([{ meterId: meter.id, readings: [{ timestamp: null, values: {} }] }]);
    await c.client.tasks.create({ name: 'x', siteId: '101', typeId: '1' });
    await c.client.tasks.update(task.id, { name: 'y' });
    await c.client.posts.create({ content: 'x', toChannelId: '7101' });
    await c.client.files.get('8001', { resolveFiles: true });
    for (const r of apiRequests(c.sb)) expect(r.query, `${r.method} ${r.path}`).toEqual({});
  });
});

describe('authentication', () => {
  test('contract: authentication rule 1 — every call carries x-api-key; JSON bodies also carry Content-Type: application/json', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    c.sb.admin.clearRequests();
    await c.client.dataSources.get(meter.id);
    await c.client.readings.write([{ meterId: meter.id, readings: [{ timestamp: null, values: {} }] }]);
    const [get, post] = apiRequests(c.sb);
    expect(get?.headers['x-api-key']).toBe(c.sb.keys.full);
    expect(get?.headers['content-type']).toBeUndefined();
    expect(post?.headers['x-api-key']).toBe(c.sb.keys.full);
    expect(post?.headers['content-type']).toBe('application/json');
  });

  test('contract: authentication rule 2 — a missing or unknown key gets 403 {message: Forbidden} (BAD_KEY)', async () => {
    const err = await c.stranger.tasks.listPage({}).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'BAD_KEY', status: 403 });
    // The body is exactly {message: Forbidden}: no internalErrorCode from the gateway.
    expect((err as MonitoringError).body).toEqual({ message: 'Forbidden' });
    expect((err as MonitoringError).internalErrorCode).toBeUndefined();
    const missing = await raw(c.sb, 'GET', '/tasks', { key: null });
    expect(missing.status).toBe(403);
    expect(missing.json).toEqual({ message: 'Forbidden' });
    expect((await raw(c.sb, 'POST', '/post', { key: 'wrong', body: {} })).json).toEqual({
      message: 'Forbidden',
    });
  });

  test('contract: authentication rule 3 — a record the key user may not touch gives 401 (NO_ACCESS), batches whole', async () => {
    const other = sourceOf(c.sb, (s) => s.siteId !== c.sb.limitedSiteId && !s.isShared);
    const own = sourceOf(c.sb, (s) => s.siteId === c.sb.limitedSiteId && s.kind === 'energy');
    expect(await c.limited.dataSources.get(other.id).catch((e: unknown) => e)).toMatchObject({
      code: 'NO_ACCESS',
      status: 401,
    });
    const batch = [own, other].map((s) => ({ meterId: s.id, readings: [{ timestamp: null, values: {} }] }));
    expect(await c.limited.readings.write(batch).catch((e: unknown) => e)).toMatchObject({
      code: 'NO_ACCESS',
    });
    expect(c.sb.admin.written().readings).toEqual([]);
    expect(
      await c.limited.readings.importCsv(other.id, 'timestamp\n').catch((e: unknown) => e),
    ).toMatchObject({ code: 'NO_ACCESS' });
  });

  test('contract: authentication rule 4 — no x-api-key or Authorization to download, import and upload URLs', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const template = await c.client.readings.template(meter.id);
    await c.client.readings.importCsv(meter.id, `${template.split('\n')[0]}\n`);
    const form = await c.client.files.createSignedUpload({
      name: 'a.txt',
      fileSize: 120,
      company: { id: '42' },
      fileMimeType: 'text/plain',
    });
    await c.client.files.upload(form, new Uint8Array(120).fill(65), 'a.txt');
    const presigned = c.sb.admin.requests().filter((r) => r.kind === 'presigned');
    expect(presigned.map((r) => r.method).sort()).toEqual(['POST', 'PUT']);
    for (const r of presigned) {
      expect(r.headers['x-api-key']).toBeUndefined();
      expect(r.headers.authorization).toBeUndefined();
    }
    expect(c.sb.admin.presignedWithCredentials()).toEqual([]);
  });

  test('contract: authentication rule 5 — key creation, scopes and lifetime are not shown: the client only sends what it is given', async () => {
    c.sb.admin.clearRequests();
    await c.limited.tasks.listPage({ limit: 1 });
    expect(apiRequests(c.sb)[0]?.headers['x-api-key']).toBe(c.sb.keys.limited);
  });
});

describe('errors', () => {
  test('contract: errors — failure body {message, internalErrorCode}; schema failures become Internal server error./02-001 with the real status', async () => {
    const res = await raw(c.sb, 'POST', '/task/', {
      body: { name: 'x', siteId: '101', typeId: '1', imageIds: [] },
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ message: 'Internal server error.', internalErrorCode: '02-001' });
  });

  test('contract: errors table row 400 — validation failure is VALIDATION', async () => {
    c.sb.admin.inject({ endpoint: 'GET /tasks', status: 400 });
    expect(await c.client.tasks.listPage({}).catch((e: unknown) => e)).toMatchObject({
      code: 'VALIDATION',
      status: 400,
    });
    const malformed = await c.client.tasks.listPage({}, 'not-a-cursor').catch((e: unknown) => e);
    expect(malformed).toMatchObject({ code: 'VALIDATION', status: 400, internalErrorCode: '02-001' });
  });

  test('contract: errors table row 401 — no access to the record is NO_ACCESS', async () => {
    const other = sourceOf(c.sb, (s) => s.siteId !== c.sb.limitedSiteId && !s.isShared);
    expect(await c.limited.readings.template(other.id).catch((e: unknown) => e)).toMatchObject({
      code: 'NO_ACCESS',
    });
  });

  test('contract: errors table row 403 — the gateway answer for a missing or unrecognised key is BAD_KEY', async () => {
    const err = await c.stranger.dataSources.listPage({}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(MonitoringError);
    expect(err).toMatchObject({ code: 'BAD_KEY', retryable: false });
  });

  test('contract: errors table row 409 — a conflicting write is CONFLICT', async () => {
    c.sb.admin.inject({ endpoint: 'POST /post', status: 409 });
    expect(
      await c.client.posts.create({ content: 'x', toChannelId: '7101' }).catch((e: unknown) => e),
    ).toMatchObject({ code: 'CONFLICT' });
  });

  test('contract: errors table row 429 — rate limit with Retry-After is RATE_LIMITED; a GET waits it out and retries', async () => {
    c.sb.admin.inject({ endpoint: 'POST /post', status: 429, retryAfterSeconds: 3 });
    expect(
      await c.client.posts.create({ content: 'x', toChannelId: '7101' }).catch((e: unknown) => e),
    ).toMatchObject({
      code: 'RATE_LIMITED',
      retryAfterMs: 3000,
    });
    c.sb.admin.inject({ endpoint: 'GET /tasks', status: 429, retryAfterSeconds: 1 });
    c.sb.admin.clearRequests();
    await c.client.tasks.listPage({ limit: 1 });
    expect(apiRequests(c.sb).map((r) => r.status)).toEqual([429, 200]);
    // A gateway answer: {message} only, no internalErrorCode — still RATE_LIMITED by status alone.
    c.sb.admin.inject({ endpoint: 'POST /task/', status: 429 });
    const gateway = await c.client.tasks
      .create({ name: 'x', siteId: '101', typeId: '1' })
      .catch((e: unknown) => e);
    expect(gateway).toMatchObject({ code: 'RATE_LIMITED', status: 429, retryable: true });
    expect((gateway as MonitoringError).internalErrorCode).toBeUndefined();
    expect((gateway as MonitoringError).body).toEqual({ message: 'Too Many Requests' });
  });

  test('contract: errors table row 500 — unexpected server error is SERVER (GETs retried, writes not)', async () => {
    c.sb.admin.inject({ endpoint: 'GET /tasks', status: 500, times: 2 });
    c.sb.admin.clearRequests();
    await c.client.tasks.listPage({ limit: 1 });
    expect(apiRequests(c.sb).map((r) => r.status)).toEqual([500, 500, 200]);
    c.sb.admin.inject({ endpoint: 'POST /task/', status: 500 });
    c.sb.admin.clearRequests();
    const err = await c.client.tasks
      .create({ name: 'x', siteId: '101', typeId: '1' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'SERVER', status: 500 });
    expect(apiRequests(c.sb)).toHaveLength(1);
  });

  test('contract: errors — known internalErrorCode 01-004 on POST /post with a field outside the list', async () => {
    const res = await raw(c.sb, 'POST', '/post', {
      body: { content: 'x', toChannelId: '7101', postTypeId: '1' },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ internalErrorCode: '01-004' });
  });

  test('contract: errors — 200 with data null, signedUrl null or SUCCESS is not an error', async () => {
    expect(await c.client.tasks.listPage({ textSearch: 'zzz-nothing' })).toMatchObject({
      rows: [],
      done: true,
    });
    const meter = sourceOf(c.sb, kind('energy'));
    await expect(
      c.client.readings.write([{ meterId: meter.id, readings: [{ timestamp: null, values: {} }] }]),
    ).resolves.toBeUndefined();
    const spare = sourceOf(c.sb, (s) => s.name === 'Spare Sensor');
    expect(await c.client.readings.exportCsv(spare.id, week)).toBeNull();
    expect(await c.client.readings.queryPage({ meterId: spare.id, range: week })).toMatchObject({
      rows: [],
      done: true,
    });
    const open = c.sb.admin.state.tasks.find((t) => t.statusId === '5')!;
    expect(await c.client.tasks.update(open.id, {})).toEqual({ changed: false });
    // signedUrl null is a typed signing failure of a 200 answer, not an HTTP error.
    c.sb.admin.inject({
      endpoint: 'POST /files/signed-uploads/create',
      status: 200,
      body: { data: { signedUrl: null, name: 'tmp' } },
    });
    const unsigned = await c.client.files
      .createSignedUpload({ name: 'a.txt', fileSize: 200, company: { id: '42' } })
      .catch((e: unknown) => e);
    expect(unsigned).toMatchObject({ code: 'SIGNING_FAILED' });
    expect((unsigned as MonitoringError).status).toBeUndefined();
  });
});
