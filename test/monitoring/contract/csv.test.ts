/** Contract: GET /reading/template (section 5), GET /import (section 6), GET /export (section 7). */
import { describe, expect, test, vi } from 'vitest';
import { kind, raw, recentDays, sourceOf, textOf, useContract } from './fixture.ts';

const c = useContract();

const meter = () => sourceOf(c.sb, kind('energy'));
const lastDay = recentDays('1 day');

describe('section 5 — GET /reading/template', () => {
  test('contract: csv template — line 1 is timestamp then writable metric display names; calculated metrics omitted', async () => {
    const csv = await c.client.readings.template(meter().id);
    expect(csv.split('\n')[0]).toBe('timestamp,Active Power,Energy,Power Factor,Breaker State');
  });

  test('contract: csv template — line 2 is the latest reading, timestamp in the source time zone with an offset', async () => {
    const line2 = (await c.client.readings.template(meter().id)).split('\n')[1] ?? '';
    expect(line2).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?[+-]\d{2}:?\d{2},/);
  });

  test('contract: csv template — with no readings only the header, one line without trailing newline', async () => {
    const spare = sourceOf(c.sb, (s) => s.name === 'Spare Sensor');
    const csv = await c.client.readings.template(spare.id);
    expect(csv).toBe('timestamp,Temperature,Humidity,CO2');
  });

  test('contract: csv template — meterId required', async () => {
    expect((await raw(c.sb, 'GET', '/reading/template')).status).toBe(400);
  });
});

describe('section 6 — GET /import', () => {
  test('contract: csv import rule 1 — the raw CSV goes by HTTP PUT to fileUrl with no auth headers', async () => {
    const at = new Date(c.sb.admin.now() - 3_600_000).toISOString().slice(0, 19);
    await c.client.readings.importCsv(meter().id, `timestamp,Active Power\n${at},99.5\n`);
    const put = c.sb.admin.requests().find((r) => r.kind === 'presigned');
    expect(put).toMatchObject({ method: 'PUT' });
    expect(put?.headers['x-api-key']).toBeUndefined();
    expect(c.sb.admin.written().imports[0]?.state).not.toBe('waiting');
  });

  test('contract: csv import rule 1 — multipart or POST to fileUrl does not work', async () => {
    const url = await raw(c.sb, 'GET', `/import?meterId=${meter().id}`);
    const fileUrl = (url.json as { data: { fileUrl: string } }).data.fileUrl;
    const post = await raw(c.sb, 'POST', fileUrl, { key: null, rawBody: 'timestamp\n' });
    expect(post.status).toBeGreaterThanOrEqual(400);
  });

  test('contract: csv import rule 2 — each call starts a new import run; the URL is single-use in practice', async () => {
    const first = await raw(c.sb, 'GET', `/import?meterId=${meter().id}`);
    await raw(c.sb, 'GET', `/import?meterId=${meter().id}`);
    expect(c.sb.admin.written().imports).toHaveLength(2);
    const fileUrl = (first.json as { data: { fileUrl: string } }).data.fileUrl;
    const once = await raw(c.sb, 'PUT', fileUrl, { key: null, rawBody: 'timestamp\n2024-01-01T00:00:00\n' });
    const twice = await raw(c.sb, 'PUT', fileUrl, { key: null, rawBody: 'timestamp\n2024-01-01T00:00:00\n' });
    expect(once.status).toBeLessThan(300);
    expect(twice.status).toBeGreaterThanOrEqual(400);
  });

  test('contract: csv import rule 3 — asynchronous; an empty file is discarded silently (the client refuses to send one)', async () => {
    expect(await c.client.readings.importCsv(meter().id, '').catch((e: unknown) => e)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'csv',
    });
    const url = await raw(c.sb, 'GET', `/import?meterId=${meter().id}`);
    const fileUrl = (url.json as { data: { fileUrl: string } }).data.fileUrl;
    expect((await raw(c.sb, 'PUT', fileUrl, { key: null, rawBody: '' })).status).toBeLessThan(300);
    expect(c.sb.admin.written().imports[0]?.state).toBe('discarded');
  });

  test('contract: csv import rule 4 — columns matched by header name; only timestamp mandatory; Submission columns ignored', async () => {
    const at = new Date(c.sb.admin.now() - 7_200_000).toISOString().slice(0, 19);
    await c.client.readings.importCsv(
      meter().id,
      `Submitted By,Breaker State,timestamp,Submission Id\nana,OPEN,${at},77\n`,
    );
    const run = c.sb.admin.written().imports[0];
    expect(run?.errors).toEqual([]);
    expect(c.sb.admin.written().readings.find((r) => r.via === 'import')?.values).toMatchObject({
      '1104': 'OPEN',
    });
  });

  test('contract: csv import rule 5 — an unknown or inaccessible meterId gives 401', async () => {
    const foreign = sourceOf(c.sb, (s) => s.siteId !== c.sb.limitedSiteId && !s.isShared);
    expect(
      await c.limited.readings.importCsv(foreign.id, 'timestamp\n').catch((e: unknown) => e),
    ).toMatchObject({ code: 'NO_ACCESS', status: 401 });
    expect(await c.client.readings.importCsv('999999', 'timestamp\n').catch((e: unknown) => e)).toMatchObject(
      { code: 'NO_ACCESS' },
    );
    // "An empty fileUrl is a failure": nothing is uploaded.
    c.sb.admin.inject({ endpoint: 'GET /import', status: 200, body: { data: { fileUrl: '' } } });
    c.sb.admin.clearRequests();
    expect(
      await c.client.readings.importCsv(meter().id, 'timestamp\n').catch((e: unknown) => e),
    ).toMatchObject({ code: 'SIGNING_FAILED' });
    expect(c.sb.admin.requests().filter((r) => r.kind === 'presigned')).toEqual([]);
  });

  test('contract: csv import parameter timestampFormat — a pattern; detected when omitted', async () => {
    await c.client.readings.importCsv(meter().id, 'timestamp,Active Power\n01/02/2024 10:00:00,5\n', {
      timestampFormat: 'MM/DD/YYYY HH:mm:ss',
    });
    expect(c.sb.admin.written().imports[0]?.timestampFormat).toBe('MM/DD/YYYY HH:mm:ss');
    await c.client.readings.importCsv(meter().id, 'timestamp,Active Power\n01/03/2024 10:00:00,6\n');
    const detected = () => c.sb.admin.written().imports[1];
    expect(detected()?.timestampFormat).toBeNull();
    await vi.waitFor(() => expect(detected()?.state).toBe('done'));
    expect(detected()?.errors).toEqual([]);
    expect(c.sb.admin.written().readings.filter((r) => r.via === 'import')).toHaveLength(2);
  });
});

describe('section 7 — GET /export', () => {
  test('contract: csv export — {data: {fileUrl}}; the CSV is complete; plain GET without auth', async () => {
    const exported = await c.client.readings.exportCsv(meter().id, lastDay);
    const file = await c.client.download(exported!.fileUrl);
    const text = await textOf(file.body);
    expect(text.split('\n').length).toBeGreaterThan(10);
    expect(c.sb.admin.presignedWithCredentials()).toEqual([]);
  });

  test('contract: csv export — {data: null} when the range holds no readings', async () => {
    const spare = sourceOf(c.sb, (s) => s.name === 'Spare Sensor');
    expect(await c.client.readings.exportCsv(spare.id, lastDay)).toBeNull();
  });

  test('contract: csv export — first column timestamp then metric names; timestamps in the site time zone', async () => {
    const exported = await c.client.readings.exportCsv(meter().id, lastDay);
    const text = await textOf((await c.client.download(exported!.fileUrl)).body);
    const [header, first] = text.split('\n');
    expect(header?.startsWith('timestamp,')).toBe(true);
    expect(header).toContain('Active Power');
    expect(first).not.toMatch(/Z,/);
  });

  test('contract: csv export — time mode A (startTime, endTime) and mode B (hours and offsets)', async () => {
    const day = new Date(c.sb.admin.now() - 86_400_000).toISOString().slice(0, 10);
    const a = await c.client.readings.exportCsv(meter().id, {
      mode: 'absolute',
      startTime: `${day}T00:00:00`,
      endTime: `${day}T12:00:00`,
    });
    const b = await c.client.readings.exportCsv(meter().id, lastDay);
    expect(a?.fileUrl).toEqual(expect.any(String));
    expect(b?.fileUrl).toEqual(expect.any(String));
  });

  test('contract: csv export — limit and sortDesc are ignored; the whole range has no row cap', async () => {
    const range = `meterId=${meter().id}&startHour=00:00:00&endHour=23:59:59&startOffset=1%20day&endOffset=0%20days`;
    const csvOf = async (query: string) => {
      const res = await raw(c.sb, 'GET', `/export?${query}`);
      const url = (res.json as { data: { fileUrl: string } }).data.fileUrl;
      return textOf((await c.client.download(url)).body);
    };
    const plain = await csvOf(range);
    expect(await csvOf(`${range}&limit=1&sortDesc=true`)).toBe(plain);
    // More rows than any page of GET /reading may hold (500): no row cap.
    const now = c.sb.admin.now();
    const rows = Array.from({ length: 600 }, (_, i) => ({ t: now - 3_600_000 + i * 5_000, values: {} }));
    c.sb.admin.addReadings(meter().id, rows);
    expect((await csvOf(range)).trim().split('\n').length).toBe(plain.trim().split('\n').length + 600);
  });
});
