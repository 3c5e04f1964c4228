/** Readings and CSV modules: time modes, flat-row split, write body, template/import/export (MockAgent). */
import { describe, expect, test } from 'vitest';
import { caught, json, setup, STORAGE } from './helpers.ts';

describe('readings', () => {
  test('a flat row is split into meterId, eventDate and metric values', async () => {
    const s = setup();
    const data = [{ meter_id: 7, event_date: '2025-01-01T10:00:00.123456Z', m1: 1.5, m2: 'on', m3: null }];
    s.platform
      .intercept({ path: (p) => p.startsWith('/reading?'), method: 'GET' })
      .reply(200, { data, lastValue: 'z' }, { headers: json });
    const range = {
      mode: 'absolute',
      startTime: '2025-01-01T00:00:00',
      endTime: '2025-01-02T00:00:00',
    } as const;
    const page = await s.client.readings.queryPage({ meterId: '7', range });
    expect(page).toEqual({
      rows: [
        { meterId: 7, eventDate: '2025-01-01T10:00:00.123456Z', values: { m1: 1.5, m2: 'on', m3: null } },
      ],
      lastValue: 'z',
      done: true,
    });
  });

  test('meter_id as a string breaks the contract', async () => {
    const s = setup();
    const data = [{ meter_id: '7', event_date: '2025-01-01T10:00:00.123456Z' }];
    s.platform
      .intercept({ path: (p) => p.startsWith('/reading?'), method: 'GET' })
      .reply(200, { data }, { headers: json });
    const range = {
      mode: 'absolute',
      startTime: '2025-01-01T00:00:00',
      endTime: '2025-01-02T00:00:00',
    } as const;
    expect(await caught(() => s.client.readings.queryPage({ meterId: '7', range }))).toMatchObject({
      code: 'BAD_RESPONSE',
    });
  });

  test('write sends meterId as a string, the timestamp key always, and only timestamp and values', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/reading', method: 'POST' })
      .reply(200, { data: 'SUCCESS' }, { headers: json });
    await s.client.readings.write([
      {
        meterId: '7',
        readings: [
          { timestamp: '2025-01-01T00:00:00Z', values: { m1: 1 } },
          { timestamp: undefined as never, values: { m1: 2 } },
        ],
      },
    ]);
    const call = s.calls()[0]!;
    expect(call.headers['content-type']).toBe('application/json');
    expect(call.body).toBe(
      '[{"meterId":"7","readings":[{"timestamp":"2025-01-01T00:00:00Z","values":{"m1":1}},{"timestamp":null,"values":{"m1":2}}]}]',
    );
  });

  test('template returns the CSV text', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/reading/template?meterId=7', method: 'GET' })
      .reply(200, { data: 'timestamp,Power' }, { headers: json });
    expect(await s.client.readings.template('7')).toBe('timestamp,Power');
  });

  test('export returns the fileUrl, or null for an empty range', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/export?meterId=7', method: 'GET' })
      .reply(200, { data: { fileUrl: `${STORAGE}/e.csv` } }, { headers: json });
    s.platform
      .intercept({ path: (p) => p.startsWith('/export?') && p.includes('startTime='), method: 'GET' })
      .reply(200, { data: null }, { headers: json });
    expect(await s.client.readings.exportCsv('7')).toEqual({ fileUrl: `${STORAGE}/e.csv` });
    const range = {
      mode: 'absolute',
      startTime: '2020-01-01T00:00:00',
      endTime: '2020-01-02T00:00:00',
    } as const;
    expect(await s.client.readings.exportCsv('7', range)).toBeNull();
  });

  test('import with an empty fileUrl fails without uploading', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/import?meterId=7&timestampFormat=MM%2FDD%2FYYYY%20HH%3Amm%3Ass', method: 'GET' })
      .reply(200, { data: { fileUrl: '' } }, { headers: json });
    const err = await caught(() =>
      s.client.readings.importCsv('7', 'timestamp\n', { timestampFormat: 'MM/DD/YYYY HH:mm:ss' }),
    );
    expect(err).toMatchObject({ code: 'SIGNING_FAILED', retryable: true });
    expect(s.calls()).toHaveLength(1);
  });

  test('a refused import PUT is UPLOAD_FAILED and is not retried', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/import?meterId=7', method: 'GET' })
      .reply(200, { data: { fileUrl: `${STORAGE}/i` } }, { headers: json });
    s.storage.intercept({ path: '/i', method: 'PUT' }).reply(503, 'busy').times(3);
    expect(await caught(() => s.client.readings.importCsv('7', 'timestamp\n'))).toMatchObject({
      code: 'UPLOAD_FAILED',
      status: 503,
    });
    expect(s.calls()).toHaveLength(2);
  });
});
