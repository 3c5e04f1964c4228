/** Resource modules: request shapes sent and domain types returned (MockAgent, no network). */
import busboy from 'busboy';
import { describe, expect, test } from 'vitest';
import { caught, json, setup, STORAGE } from './helpers.ts';

const record = {
  id: '7',
  name: 'Boiler 1',
  type: { id: '1', name: 'Meter' },
  applying: { id: '1', name: 'Sensor' },
  site: { id: 's1', name: 'Porto', channelId: 'ch1' },
  tzTimezoneName: 'Europe/Lisbon',
  validationStatus: { id: 20, name: 'Valid' },
  isShared: false,
  futureField: { kept: true },
};

describe('data sources', () => {
  test('get sends withSchema/withLastReading as the literal true and maps metrics', async () => {
    const s = setup();
    const meterSchema = {
      metrics: [
        { metric: { id: 'm1', name: 'power' }, uom: { name: 'kilowatt', symbol: 'kW' }, displayName: 'Power', isRequired: true },
        { metric: { id: 'm2', name: 'state' }, uom: 'text', displayName: 'State', isRequired: false },
        { metric: { id: 'm3', name: 'count' }, uom: { abbreviation: 'pcs' }, displayName: 'Count' },
      ],
    };
    s.platform
      .intercept({ path: '/data-sources/7?withSchema=true&withLastReading=true', method: 'GET' })
      .reply(200, { data: { ...record, meterSchema, lastReading: { event_date: '2025-01-01T00:00:00.000000Z', m1: 3.5 } } }, { headers: json });
    const ds = await s.client.dataSources.get('7', { withSchema: true, withLastReading: true });
    expect(ds.metrics).toEqual([
      { metricId: 'm1', name: 'power', displayName: 'Power', uom: { name: 'kilowatt', symbol: 'kW' }, unitLabel: 'kW', isRequired: true },
      { metricId: 'm2', name: 'state', displayName: 'State', uom: 'text', unitLabel: 'text', isRequired: false },
      { metricId: 'm3', name: 'count', displayName: 'Count', uom: { abbreviation: 'pcs' }, unitLabel: 'pcs', isRequired: false },
    ]);
    expect(ds).toMatchObject({ schemaMissing: false, validationStatus: { id: '20', name: 'Valid' }, futureField: { kept: true } });
    expect(ds.lastReading).toEqual({ meterId: 7, eventDate: '2025-01-01T00:00:00.000000Z', values: { m1: 3.5 } });
  });

  test('false flags are not sent at all', async () => {
    const s = setup();
    s.platform.intercept({ path: '/data-sources/7', method: 'GET' }).reply(200, { data: record }, { headers: json });
    const ds = await s.client.dataSources.get('7', { withSchema: false, withLastReading: false });
    expect(ds).toMatchObject({ metrics: null, schemaMissing: false, lastReading: null, deviceStatus: null });
  });

  test('a 500 on withSchema=true is retried once without it and reported as schemaMissing', async () => {
    const s = setup();
    s.platform.intercept({ path: '/data-sources/7?withSchema=true', method: 'GET' }).reply(500, { message: 'Internal server error.', internalErrorCode: '02-001' }, { headers: json });
    s.platform.intercept({ path: '/data-sources/7', method: 'GET' }).reply(200, { data: record }, { headers: json });
    const ds = await s.client.dataSources.get('7', { withSchema: true });
    expect(ds).toMatchObject({ schemaMissing: true, metrics: null });
    expect(s.calls().map((c) => c.path + JSON.stringify(c.query))).toEqual(['/data-sources/7{"withSchema":"true"}', '/data-sources/7{}']);
  });

  test.each(['deviceStatus', 'status'])('device status is read from a `%s` object', async (key) => {
    const s = setup();
    const status = { battery: 14, onLine: false, cameraOn: true, version: '2.1', reportedAt: '2025-01-01T00:00:00Z', junk: 1 };
    s.platform.intercept({ path: '/data-sources/7', method: 'GET' }).reply(200, { data: { ...record, [key]: status } }, { headers: json });
    const ds = await s.client.dataSources.get('7');
    expect(ds.deviceStatus).toEqual({ battery: 14, onLine: false, cameraOn: true, version: '2.1', reportedAt: '2025-01-01T00:00:00Z' });
  });

  test('list sends every filter in the contract form', async () => {
    const s = setup();
    s.platform.intercept({ path: (p) => p.startsWith('/data-sources?'), method: 'GET' }).reply(200, { data: null }, { headers: json });
    await s.client.dataSources.listPage({
      limit: 10, siteIds: ['s1', 's2'], meterIds: ['7'], applyingIds: ['1', '7'], textSearch: 'boiler',
      withLastReadings: true, withDetails: false, onlyMain: true,
    });
    expect(s.calls()[0]?.query).toEqual({
      limit: '10', siteIds: 's1,s2', meterIds: '7', applyingIds: '1,7', textSearch: 'boiler', withLastReadings: 'true', onlyMain: 'true',
    });
  });
});

describe('readings', () => {
  test('a flat row is split into meterId, eventDate and metric values', async () => {
    const s = setup();
    const data = [{ meter_id: 7, event_date: '2025-01-01T10:00:00.123456Z', m1: 1.5, m2: 'on', m3: null }];
    s.platform.intercept({ path: (p) => p.startsWith('/reading?'), method: 'GET' }).reply(200, { data, lastValue: 'z' }, { headers: json });
    const range = { mode: 'absolute', startTime: '2025-01-01T00:00:00', endTime: '2025-01-02T00:00:00' } as const;
    const page = await s.client.readings.queryPage({ meterId: '7', range });
    expect(page).toEqual({
      rows: [{ meterId: 7, eventDate: '2025-01-01T10:00:00.123456Z', values: { m1: 1.5, m2: 'on', m3: null } }],
      lastValue: 'z',
      done: true,
    });
  });

  test('meter_id as a string breaks the contract', async () => {
    const s = setup();
    const data = [{ meter_id: '7', event_date: '2025-01-01T10:00:00.123456Z' }];
    s.platform.intercept({ path: (p) => p.startsWith('/reading?'), method: 'GET' }).reply(200, { data }, { headers: json });
    const range = { mode: 'absolute', startTime: '2025-01-01T00:00:00', endTime: '2025-01-02T00:00:00' } as const;
    expect(await caught(() => s.client.readings.queryPage({ meterId: '7', range }))).toMatchObject({ code: 'BAD_RESPONSE' });
  });

  test('write sends meterId as a string, the timestamp key always, and only timestamp and values', async () => {
    const s = setup();
    s.platform.intercept({ path: '/reading', method: 'POST' }).reply(200, { data: 'SUCCESS' }, { headers: json });
    await s.client.readings.write([
      { meterId: '7', readings: [{ timestamp: '2025-01-01T00:00:00Z', values: { m1: 1 } }, { timestamp: undefined as never, values: { m1: 2 } }] },
    ]);
    const call = s.calls()[0]!;
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toBe(
      '[{"meterId":"7","readings":[{"timestamp":"2025-01-01T00:00:00Z","values":{"m1":1}},{"timestamp":null,"values":{"m1":2}}]}]',
    );
  });

  test('template returns the CSV text', async () => {
    const s = setup();
    s.platform.intercept({ path: '/reading/template?meterId=7', method: 'GET' }).reply(200, { data: 'timestamp,Power' }, { headers: json });
    expect(await s.client.readings.template('7')).toBe('timestamp,Power');
  });

  test('export returns the fileUrl, or null for an empty range', async () => {
    const s = setup();
    s.platform.intercept({ path: '/export?meterId=7', method: 'GET' }).reply(200, { data: { fileUrl: `${STORAGE}/e.csv` } }, { headers: json });
    s.platform.intercept({ path: (p) => p.startsWith('/export?') && p.includes('startTime='), method: 'GET' }).reply(200, { data: null }, { headers: json });
    expect(await s.client.readings.exportCsv('7')).toEqual({ fileUrl: `${STORAGE}/e.csv` });
    const range = { mode: 'absolute', startTime: '2020-01-01T00:00:00', endTime: '2020-01-02T00:00:00' } as const;
    expect(await s.client.readings.exportCsv('7', range)).toBeNull();
  });

  test('import with an empty fileUrl fails without uploading', async () => {
    const s = setup();
    s.platform.intercept({ path: '/import?meterId=7&timestampFormat=MM%2FDD%2FYYYY%20HH%3Amm%3Ass', method: 'GET' }).reply(200, { data: { fileUrl: '' } }, { headers: json });
    const err = await caught(() => s.client.readings.importCsv('7', 'timestamp\n', { timestampFormat: 'MM/DD/YYYY HH:mm:ss' }));
    expect(err).toMatchObject({ code: 'SIGNING_FAILED', retryable: true });
    expect(s.calls()).toHaveLength(1);
  });

  test('a refused import PUT is UPLOAD_FAILED and is not retried', async () => {
    const s = setup();
    s.platform.intercept({ path: '/import?meterId=7', method: 'GET' }).reply(200, { data: { fileUrl: `${STORAGE}/i` } }, { headers: json });
    s.storage.intercept({ path: '/i', method: 'PUT' }).reply(503, 'busy').times(3);
    expect(await caught(() => s.client.readings.importCsv('7', 'timestamp\n'))).toMatchObject({ code: 'UPLOAD_FAILED', status: 503 });
    expect(s.calls()).toHaveLength(2);
  });
});

describe('tasks', () => {
  test('create sends only defined fields; noInitialComment only when true; returns the numeric id', async () => {
    const s = setup();
    s.platform.intercept({ path: '/task/', method: 'POST' }).reply(200, { data: 981 }, { headers: json }).times(2);
    const created = await s.client.tasks.create({
      name: 'Pump noise', siteId: 's1', typeId: '3', deviceId: 'd9', priorityId: '15', description: undefined, noInitialComment: false,
    });
    await s.client.tasks.create({ name: 'Walkdown', siteId: 's1', typeId: '1', noInitialComment: true, fileIds: ['f1'] });
    expect(created).toEqual({ taskId: 981 });
    expect(s.calls().map((c) => JSON.parse(c.body!))).toEqual([
      { name: 'Pump noise', siteId: 's1', typeId: '3', deviceId: 'd9', priorityId: '15' },
      { name: 'Walkdown', siteId: 's1', typeId: '1', fileIds: ['f1'], noInitialComment: true },
    ]);
  });

  test('update: {data:<number>} is a written comment, {data:"SUCCESS"} is no change', async () => {
    const s = setup();
    s.platform.intercept({ path: '/task/t1', method: 'PATCH' }).reply(200, { data: 5512 }, { headers: json });
    s.platform.intercept({ path: '/task/t1', method: 'PATCH' }).reply(200, { data: 'SUCCESS' }, { headers: json });
    expect(await s.client.tasks.update('t1', { statusId: '25' })).toEqual({ changed: true, commentId: 5512 });
    expect(await s.client.tasks.update('t1', {})).toEqual({ changed: false });
    expect(s.calls().map((c) => c.body)).toEqual(['{"statusId":"25"}', '{}']);
  });

  test('task rows keep unknown keys and the numeric postId', async () => {
    const s = setup();
    const task = { id: 't1', name: 'A', status: { id: '5', name: 'To Do' }, postId: 77, category: { x: 1 } };
    s.platform.intercept({ path: '/tasks?limit=100', method: 'GET' }).reply(200, { data: [task] }, { headers: json });
    const page = await s.client.tasks.listPage({});
    expect(page.rows[0]).toMatchObject({ id: 't1', postId: 77, category: { x: 1 }, assignee: null, dueDate: null });
  });
});

describe('posts, devices, files', () => {
  test('a post is sent as one object and returns the numeric post id', async () => {
    const s = setup();
    s.platform.intercept({ path: '/post', method: 'POST' }).reply(200, { data: 3101 }, { headers: json });
    expect(await s.client.posts.create({ content: 'Shift report', toChannelId: 'ch1', skipNotifications: true })).toEqual({ postId: 3101 });
    expect(JSON.parse(s.calls()[0]!.body!)).toEqual({ content: 'Shift report', toChannelId: 'ch1', skipNotifications: true });
  });

  test('device status is posted as {status}', async () => {
    const s = setup();
    s.platform.intercept({ path: '/devices/status/cam1', method: 'POST' }).reply(200, { data: 'SUCCESS' }, { headers: json });
    await s.client.devices.reportStatus('cam1', { battery: 80, onLine: true, wifiConnected: true });
    expect(JSON.parse(s.calls()[0]!.body!)).toEqual({ status: { battery: 80, onLine: true, wifiConnected: true } });
  });

  test('files get sends resolveFiles only when false is asked', async () => {
    const s = setup();
    const file = { id: 'f1', name: 'a.pdf', fileType: 'pdf', fileSize: 1234, createdBy: 9, file: '' };
    s.platform.intercept({ path: '/files/f1', method: 'GET' }).reply(200, { data: { ...file, file: 'https://s/x' } }, { headers: json });
    s.platform.intercept({ path: '/files/f1?resolveFiles=false', method: 'GET' }).reply(200, { data: file }, { headers: json });
    expect(await s.client.files.get('f1', { resolveFiles: true })).toMatchObject({ file: 'https://s/x', createdBy: 9 });
    expect(await s.client.files.get('f1', { resolveFiles: false })).toMatchObject({ file: '' });
  });

  test('signed upload: expiresAt is now + 5 minutes; signedUrl null is SIGNING_FAILED', async () => {
    const s = setup();
    const fields = { key: 'tmp/abc', policy: 'p', 'Content-Type': 'application/pdf' };
    s.platform.intercept({ path: '/files/signed-uploads/create', method: 'POST' }).reply(200, { data: { signedUrl: { url: `${STORAGE}/b`, fields }, name: 'tmp-abc' } }, { headers: json });
    s.platform.intercept({ path: '/files/signed-uploads/create', method: 'POST' }).reply(200, { data: { signedUrl: null, name: 'tmp-abd' } }, { headers: json });
    const input = { name: 'a.pdf', fileSize: 500, company: { id: 'co1' }, fileMimeType: 'application/pdf' };
    expect(await s.client.files.createSignedUpload(input)).toEqual({
      url: `${STORAGE}/b`, fields, name: 'tmp-abc', expiresAt: Date.parse('2025-03-01T12:05:00Z'),
    });
    expect(await caught(() => s.client.files.createSignedUpload(input))).toMatchObject({ code: 'SIGNING_FAILED', retryable: true });
  });

  test('upload posts every field in order, then the file last with the form Content-Type', async () => {
    const s = setup();
    s.storage.intercept({ path: '/b', method: 'POST' }).reply(201, '');
    const fields = { key: 'tmp/abc', policy: 'p0', 'x-amz-signature': 'sig', 'Content-Type': 'application/pdf' };
    const bytes = new TextEncoder().encode('%PDF-1.4 '.repeat(20));
    await s.client.files.upload({ url: `${STORAGE}/b`, fields, name: 'tmp', expiresAt: Date.parse('2025-03-01T12:05:00Z') }, bytes, 'report.pdf');
    const history = s.agent.getCallHistory()!.calls()[0]!;
    const raw: unknown = history.body;
    const parts = await parseMultipart(String(history.headers?.['content-type']), Buffer.from(raw as Uint8Array));
    expect(parts.map((p) => p.name)).toEqual(['key', 'policy', 'x-amz-signature', 'Content-Type', 'file']);
    expect(parts.at(-1)).toMatchObject({ filename: 'report.pdf', mimeType: 'application/pdf', value: '%PDF-1.4 '.repeat(20) });
  });

  test.each([200, 403, 400])('an upload answered %i is UPLOAD_FAILED', async (status) => {
    const s = setup();
    s.storage.intercept({ path: '/b', method: 'POST' }).reply(status, status === 200 ? '' : '<Error><Code>AccessDenied</Code></Error>');
    const form = { url: `${STORAGE}/b`, fields: { key: 'k' }, name: 'tmp', expiresAt: Date.parse('2025-03-01T12:05:00Z') };
    expect(await caught(() => s.client.files.upload(form, new Uint8Array(150), 'a.bin'))).toMatchObject({ code: 'UPLOAD_FAILED', status });
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
      stream.on('end', () => parts.push({ name, value: Buffer.concat(chunks).toString(), filename: info.filename, mimeType: info.mimeType }));
    });
    bb.on('close', resolve);
    bb.on('error', reject);
    bb.end(body);
  });
  return parts;
}
