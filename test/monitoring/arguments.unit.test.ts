/** Invalid arguments are refused before any request, with INVALID_ARGUMENT naming the field. */
import { describe, expect, test } from 'vitest';
import type { MonitoringApi, TaskCreate } from '../../src/monitoring/index.ts';
import { caught, LAST_7_DAYS, setup } from './helpers.ts';

async function refused(call: (c: MonitoringApi) => Promise<unknown> | AsyncIterable<unknown>, field: string) {
  const s = setup();
  const err = await caught(async () => {
    const result = call(s.client);
    if (Symbol.asyncIterator in Object(result)) {
      for await (const _ of result as AsyncIterable<unknown>) void _;
    } else await result;
  });
  expect(err).toMatchObject({ code: 'INVALID_ARGUMENT', field });
  expect((err as Error).message).toContain(field);
  expect(s.calls()).toEqual([]);
}

const abs = { mode: 'absolute', startTime: '2025-01-01T00:00:00', endTime: '2025-01-02T00:00:00' } as const;
const rel = LAST_7_DAYS;

describe('readings query', () => {
  test.each([
    ['startTime', { ...abs, startTime: '2025-01-01 00:00:00' }, 'range.startTime'],
    ['endTime date', { ...abs, endTime: '2025-02-30T00:00:00' }, 'range.endTime'],
    ['start after end', { ...abs, startTime: '2025-01-03T00:00:00' }, 'range.endTime'],
    ['missing endTime', { mode: 'absolute', startTime: '2025-01-01T00:00:00' }, 'range.endTime'],
    ['startHour', { ...rel, startHour: '24:00:00' }, 'range.startHour'],
    ['endHour', { ...rel, endHour: '8:00' }, 'range.endHour'],
    ['startOffset', { ...rel, startOffset: 'seven days' }, 'range.startOffset'],
    ['missing endOffset', { ...rel, endOffset: undefined }, 'range.endOffset'],
    ['both modes', { ...abs, startHour: '00:00:00' }, 'range.startHour'],
    ['no mode', { startTime: abs.startTime, endTime: abs.endTime }, 'range.mode'],
  ])('a bad %s is refused', async (_what, range, field) => {
    await refused((c) => c.readings.queryPage({ meterId: '7', range: range as never }), field);
  });

  test.each([0, 501, 2.5])('limit %s is refused (1–500)', async (limit) => {
    await refused((c) => c.readings.queryPage({ meterId: '7', range: abs, limit }), 'limit');
  });

  test('query() refuses before iterating', async () => {
    await refused((c) => c.readings.query({ meterId: '', range: abs }), 'meterId');
  });
});

describe('readings write', () => {
  test('a numeric meterId is refused', async () => {
    await refused(
      (c) => c.readings.write([{ meterId: 7 as never, readings: [{ timestamp: null, values: {} }] }]),
      'batch[0].meterId',
    );
  });
  test('an extra key on a reading object is refused', async () => {
    const reading = { timestamp: null, values: { m: 1 }, unit: 'kWh' };
    await refused(
      (c) => c.readings.write([{ meterId: '7', readings: [reading] }]),
      'batch[0].readings[0].unit',
    );
  });
  test('a value that is an object is refused', async () => {
    await refused(
      (c) =>
        c.readings.write([{ meterId: '7', readings: [{ timestamp: null, values: { m: {} as never } }] }]),
      'batch[0].readings[0].values.m',
    );
  });
});

describe('task create', () => {
  const base: TaskCreate = { name: 'Check pump', siteId: 's1', typeId: '1' };
  test.each([
    ['typeId 3 without deviceId', { ...base, typeId: '3' }, 'deviceId'],
    ['typeId 1 with deviceId', { ...base, deviceId: 'd1' }, 'deviceId'],
    ['missing typeId', { ...base, typeId: undefined }, 'typeId'],
    ['null statusId', { ...base, statusId: null }, 'statusId'],
    ['null typeId', { ...base, typeId: null }, 'typeId'],
    ['statusId "0"', { ...base, statusId: '0' }, 'statusId'],
    ['empty siteId', { ...base, siteId: '' }, 'siteId'],
    ['numeric assigneeId', { ...base, assigneeId: 12 }, 'assigneeId'],
    ['imageIds (not in the list)', { ...base, imageIds: ['1'] }, 'task.imageIds'],
    ['mentions', { ...base, mentions: [] }, 'task.mentions'],
    ['HTML formattedDescription', { ...base, formattedDescription: '<p>x</p>' }, 'formattedDescription'],
    ['empty name', { ...base, name: ' ' }, 'name'],
    ['bad dueDate', { ...base, dueDate: '31/05/2025' }, 'dueDate'],
    ['fileIds with a number', { ...base, fileIds: ['1', 2] }, 'fileIds[1]'],
  ])('%s is refused', async (_what, input, field) => {
    await refused((c) => c.tasks.create(input as never), field);
  });
});

describe('task update', () => {
  test.each([
    ['null statusId', { statusId: null }, 'statusId'],
    ['ctas', { ctas: [] }, 'patch.ctas'],
    ['imageIds', { imageIds: [] }, 'patch.imageIds'],
  ])('%s is refused', async (_what, patch, field) => {
    await refused((c) => c.tasks.update('t1', patch as never), field);
  });
  test('an id of "0" is refused', async () => {
    await refused((c) => c.tasks.update('0', {}), 'id');
  });
});

describe('posts', () => {
  test.each([
    ['fromChannelId', { content: 'x', toChannelId: 'c', fromChannelId: 'c2' }, 'post.fromChannelId'],
    ['postTypeId', { content: 'x', toChannelId: 'c', postTypeId: '1' }, 'post.postTypeId'],
    ['an array of posts', [{ content: 'x', toChannelId: 'c' }], 'post'],
    ['missing toChannelId', { content: 'x' }, 'toChannelId'],
    ['empty content', { content: '', toChannelId: 'c' }, 'content'],
  ])('%s is refused', async (_what, post, field) => {
    await refused((c) => c.posts.create(post as never), field);
  });
});

describe('signed uploads', () => {
  const base = { name: 'a.png', fileSize: 1000, company: { id: 'co1' } };
  test.each([
    ['too small', { ...base, fileSize: 99 }, 'fileSize'],
    ['too large', { ...base, fileSize: 100 * 1024 * 1024 + 1 }, 'fileSize'],
    ['no company or conversation', { name: 'a.png', fileSize: 1000 }, 'company'],
    ['company and conversation', { ...base, conversation: { id: 'cv' } }, 'company'],
    [
      'site with conversation',
      { name: 'a', fileSize: 1000, conversation: { id: 'cv' }, site: { id: 's' } },
      'site',
    ],
    ['contentType (not a field)', { ...base, contentType: 'image/png' }, 'upload.contentType'],
    ['inline content', { ...base, content: 'aGVsbG8=' }, 'upload.content'],
  ])('%s is refused', async (_what, input, field) => {
    await refused((c) => c.files.createSignedUpload(input as never), field);
  });

  test('fileSizeLoose lifts the exact-match rule, not the 100 B–100 MB range of the declared size', async () => {
    await refused(
      (c) => c.files.createSignedUpload({ ...base, fileSize: 10, fileSizeLoose: true }),
      'fileSize',
    );
    const s = setup();
    s.platform
      .intercept({ path: '/files/signed-uploads/create', method: 'POST' })
      .reply(200, { data: { signedUrl: null, name: 'x' } });
    const err = await caught(() => s.client.files.createSignedUpload({ ...base, fileSizeLoose: true }));
    expect(err).toMatchObject({ code: 'SIGNING_FAILED' });
    expect(JSON.parse(s.calls()[0]!.body!)).toEqual({ ...base, fileSizeLoose: true });
  });

  test('an expired upload form is refused without a request', async () => {
    const s = setup();
    const form = {
      url: 'https://storage.test/b',
      fields: {},
      name: 'x',
      expiresAt: Date.parse('2025-03-01T11:59:00Z'),
    };
    expect(await caught(() => s.client.files.upload(form, new Uint8Array(200), 'a.bin'))).toMatchObject({
      code: 'UPLOAD_FAILED',
    });
    expect(s.calls()).toEqual([]);
  });
});

describe('other resources', () => {
  test.each([
    ['data source id', (c: MonitoringApi) => c.dataSources.get(''), 'id'],
    ['data source list limit', (c: MonitoringApi) => c.dataSources.list({ limit: 0 }), 'limit'],
    [
      'siteIds with a comma',
      (c: MonitoringApi) => c.dataSources.listPage({ siteIds: ['a,b'] }),
      'siteIds[0]',
    ],
    ['file id', (c: MonitoringApi) => c.files.get('0'), 'fileId'],
    [
      'device status type',
      (c: MonitoringApi) => c.devices.reportStatus('d1', { battery: '50' as never }),
      'status.battery',
    ],
    [
      'device status field',
      (c: MonitoringApi) => c.devices.reportStatus('d1', { charge: 5 } as never),
      'status.charge',
    ],
    ['empty CSV', (c: MonitoringApi) => c.readings.importCsv('7', ''), 'csv'],
    [
      'export range',
      (c: MonitoringApi) => c.readings.exportCsv('7', { ...rel, startHour: 'x' }),
      'range.startHour',
    ],
    ['download URL', (c: MonitoringApi) => c.download('/relative'), 'url'],
    ['task list sortDesc', (c: MonitoringApi) => c.tasks.listPage({ sortDesc: 'yes' as never }), 'sortDesc'],
  ])('%s is checked', async (_what, call, field) => {
    await refused(call, field);
  });
});
