/** Contract: Limits table and Events table. */
import { describe, expect, test, vi } from 'vitest';
import { createMonitoringClient } from '../../../src/monitoring/index.ts';
import { collect } from '../helpers.ts';
import { apiRequests, kind, raw, recentDays, sourceOf, useContract } from './fixture.ts';

const c = useContract();

const meter = () => sourceOf(c.sb, kind('energy'));
const lastDay = recentDays('1 day');
const signedQuery = (url: string) => new URL(url).search.length > 0;

describe('limits', () => {
  test('contract: limits row page size of GET /reading — 1 to 500, default 500', async () => {
    const now = c.sb.admin.now();
    const extra = Array.from({ length: 600 }, (_, i) => ({ t: now - 3_600_000 + i * 5_000, values: {} }));
    c.sb.admin.addReadings(meter().id, extra);
    const window = 'startHour=00:00:00&endHour=23:59:59&startOffset=1%20day&endOffset=0%20days';
    const sandboxDefault = await raw(c.sb, 'GET', `/reading?meterId=${meter().id}&${window}`);
    expect((sandboxDefault.json as { data: unknown[] }).data).toHaveLength(500);
    c.sb.admin.clearRequests();
    const rows = (await c.client.readings.queryPage({ meterId: meter().id, range: lastDay })).rows;
    expect(rows).toHaveLength(500);
    expect(apiRequests(c.sb)[0]?.query.limit).toBe('500');
    expect(
      await c.client.readings
        .queryPage({ meterId: meter().id, range: lastDay, limit: 0 })
        .catch((e: unknown) => e),
    ).toMatchObject({ field: 'limit' });
  });

  test('contract: limits row signed upload file size — 100 bytes to 100 MB, exact unless fileSizeLoose', async () => {
    const ok = await c.client.files.createSignedUpload({
      name: 'a.bin',
      fileSize: 100,
      company: { id: '42' },
    });
    expect(ok.url).toEqual(expect.any(String));
    expect(
      await c.client.files
        .createSignedUpload({ name: 'a.bin', fileSize: 100 * 1024 * 1024 + 1, company: { id: '42' } })
        .catch((e: unknown) => e),
    ).toMatchObject({ field: 'fileSize' });
  });

  test('contract: limits row signed upload form lifetime — 5 minutes', async () => {
    const form = await c.client.files.createSignedUpload({
      name: 'a.bin',
      fileSize: 100,
      company: { id: '42' },
    });
    expect(form.expiresAt - c.sb.admin.now()).toBeGreaterThan(4 * 60_000);
    expect(form.expiresAt - c.sb.admin.now()).toBeLessThanOrEqual(5 * 60_000);
  });

  test('contract: limits row import upload URL lifetime — 1 hour', async () => {
    const res = await raw(c.sb, 'GET', `/import?meterId=${meter().id}`);
    const fileUrl = (res.json as { data: { fileUrl: string } }).data.fileUrl;
    c.sb.admin.tick(61 * 60_000);
    expect(
      (await raw(c.sb, 'PUT', fileUrl, { key: null, rawBody: 'timestamp\n2024-01-01T00:00:00\n' })).status,
    ).toBeGreaterThanOrEqual(400);
  });

  test('contract: limits row export download URL lifetime — 7 days', async () => {
    const exported = await c.client.readings.exportCsv(meter().id, lastDay);
    c.sb.admin.tick(6 * 86_400_000);
    const file = await c.client.download(exported!.fileUrl);
    for await (const _chunk of file.body) void _chunk;
    c.sb.admin.tick(2 * 86_400_000);
    expect(await c.client.download(exported!.fileUrl).catch((e: unknown) => e)).toMatchObject({
      code: 'NO_ACCESS',
    });
  });

  test('contract: limits row export request time budget — about 30 s synchronous: export waits past the default headers timeout', async () => {
    const impatient = createMonitoringClient({
      baseUrl: c.sb.url,
      apiKey: c.sb.keys.full,
      timeouts: { headersMs: 200 },
      retry: { maxRetries: 0 },
    });
    try {
      c.sb.admin.inject({ endpoint: 'GET /export', latencyMs: 1500 });
      c.sb.admin.inject({ endpoint: 'GET /tasks', latencyMs: 1500 });
      await expect(impatient.readings.exportCsv(meter().id, lastDay)).resolves.toMatchObject({
        fileUrl: expect.any(String),
      });
      expect(await impatient.tasks.listPage({}).catch((e: unknown) => e)).toMatchObject({ code: 'TIMEOUT' });
    } finally {
      await impatient.close();
    }
  });

  test('contract: limits row posts per POST /post request — exactly 1', async () => {
    const res = await raw(c.sb, 'POST', '/post', {
      body: [
        { content: 'a', toChannelId: '7101' },
        { content: 'b', toChannelId: '7101' },
      ],
    });
    expect(res.status).toBe(400);
  });

  test('contract: limits row file download URL and image URLs — time-limited, pre-signed', async () => {
    const tasks = await collect(c.client.tasks.list({ limit: 100 }));
    const url = tasks.find((t) => t.assignee?.image?.url)?.assignee?.image?.url;
    expect(url && signedQuery(url)).toBe(true);
  });
});

describe('events (observable side effects)', () => {
  test('contract: events row POST /task/ — feed post created; opening comment unless noInitialComment', async () => {
    const { taskId } = await c.client.tasks.create({ name: 'Event check', siteId: '101', typeId: '1' });
    const task = c.sb.admin.state.tasks.find((t) => t.id === String(taskId));
    expect(c.sb.admin.written().posts.find((p) => p.taskId === String(taskId))?.id).toBe(task?.postId);
    const quiet = await c.client.tasks.create({
      name: 'Quiet',
      siteId: '101',
      typeId: '1',
      noInitialComment: true,
    });
    const commentsOf = (id: number) =>
      c.sb.admin.written().comments.filter((x) => x.taskId === String(id)).length;
    expect([commentsOf(taskId), commentsOf(quiet.taskId)]).toEqual([1, 0]);
  });

  test('contract: events row PATCH /task/{id} — a change writes a comment; status 25 removes the post; no change, no comment', async () => {
    const open = c.sb.admin.state.tasks.find((t) => t.statusId === '5')!;
    const first = await c.client.tasks.update(open.id, { statusId: '25' });
    expect(first.changed).toBe(true);
    expect(c.sb.admin.state.tasks.find((t) => t.id === open.id)?.postInFeed).toBe(false);
    const comments = () => c.sb.admin.written().comments.filter((x) => x.taskId === open.id).length;
    const before = comments();
    expect(await c.client.tasks.update(open.id, { statusId: '25' })).toEqual({ changed: false });
    expect(comments()).toBe(before);
  });

  test('contract: events row POST /post — post created', async () => {
    const { postId } = await c.client.posts.create({
      content: 'hello',
      toChannelId: '7102',
      skipNotifications: true,
    });
    expect(c.sb.admin.written().posts.map((p) => p.id)).toContain(postId);
  });

  test('contract: events row POST /devices/status/{id} — alerts raised or cleared', async () => {
    const cam = sourceOf(c.sb, kind('camera'));
    await c.client.devices.reportStatus(cam.id, {
      battery: 90,
      onLine: false,
      deviceOn: true,
      cameraOn: true,
      wifiConnected: false,
      cellularConnected: false,
    });
    expect(
      c.sb.admin.alerts().filter((a) => a.sourceId === cam.id && a.clearedAt === null).length,
    ).toBeGreaterThan(0);
  });

  test('contract: events row GET /import upload — asynchronous import of the uploaded CSV', async () => {
    const at = new Date(c.sb.admin.now() - 600_000).toISOString().slice(0, 19);
    await c.client.readings.importCsv(meter().id, `timestamp,Active Power\n${at},1.5\n`);
    expect(c.sb.admin.written().imports).toHaveLength(1);
    await vi.waitFor(() => expect(c.sb.admin.written().imports[0]?.state).toBe('done'));
    expect(c.sb.admin.written().readings.filter((r) => r.via === 'import')).toHaveLength(1);
  });

  test('contract: events row signed upload — file record created after the uploaded object is processed', async () => {
    const before = c.sb.admin.state.files.length;
    const form = await c.client.files.createSignedUpload({
      name: 'a.txt',
      fileSize: 150,
      company: { id: '42' },
    });
    expect(c.sb.admin.state.files.length).toBe(before);
    await c.client.files.upload(form, new Uint8Array(150), 'a.txt');
    expect(c.sb.admin.state.files.length).toBe(before + 1);
  });
});
