/** Data sources module: request shapes sent and DataSource/DataSourceRow mapping (MockAgent, no network). */
import { describe, expect, test } from 'vitest';
import { json, setup, sourceRecord } from './helpers.ts';

const record = { ...sourceRecord('7'), name: 'Boiler 1', futureField: { kept: true } };

describe('data sources', () => {
  test('get sends withSchema/withLastReading as the literal true and maps metrics', async () => {
    const s = setup();
    const meterSchema = {
      metrics: [
        {
          metric: { id: 'm1', name: 'power' },
          uom: { name: 'kilowatt', symbol: 'kW' },
          displayName: 'Power',
          isRequired: true,
        },
        { metric: { id: 'm2', name: 'state' }, uom: 'text', displayName: 'State', isRequired: false },
        { metric: { id: 'm3', name: 'count' }, uom: { abbreviation: 'pcs' }, displayName: 'Count' },
      ],
    };
    s.platform
      .intercept({ path: '/data-sources/7?withSchema=true&withLastReading=true', method: 'GET' })
      .reply(
        200,
        {
          data: {
            ...record,
            meterSchema,
            lastReading: { event_date: '2025-01-01T00:00:00.000000Z', m1: 3.5 },
          },
        },
        { headers: json },
      );
    const ds = await s.client.dataSources.get('7', { withSchema: true, withLastReading: true });
    expect(ds.metrics).toEqual([
      {
        metricId: 'm1',
        name: 'power',
        displayName: 'Power',
        uom: { name: 'kilowatt', symbol: 'kW' },
        unitLabel: 'kW',
        isRequired: true,
      },
      {
        metricId: 'm2',
        name: 'state',
        displayName: 'State',
        uom: 'text',
        unitLabel: 'text',
        isRequired: false,
      },
      {
        metricId: 'm3',
        name: 'count',
        displayName: 'Count',
        uom: { abbreviation: 'pcs' },
        unitLabel: 'pcs',
        isRequired: false,
      },
    ]);
    expect(ds).toMatchObject({
      schemaMissing: false,
      validationStatus: { id: '20', name: 'Valid' },
      futureField: { kept: true },
    });
    expect(ds.lastReading).toEqual({
      meterId: 7,
      eventDate: '2025-01-01T00:00:00.000000Z',
      values: { m1: 3.5 },
    });
  });

  test('false flags are not sent at all', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/data-sources/7', method: 'GET' })
      .reply(200, { data: record }, { headers: json });
    const ds = await s.client.dataSources.get('7', { withSchema: false, withLastReading: false });
    expect(ds).toMatchObject({ metrics: null, schemaMissing: false, lastReading: null, deviceStatus: null });
  });

  test('a 500 on withSchema=true is retried once without it and reported as schemaMissing', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/data-sources/7?withSchema=true', method: 'GET' })
      .reply(500, { message: 'Internal server error.', internalErrorCode: '02-001' }, { headers: json });
    s.platform
      .intercept({ path: '/data-sources/7', method: 'GET' })
      .reply(200, { data: record }, { headers: json });
    const ds = await s.client.dataSources.get('7', { withSchema: true });
    expect(ds).toMatchObject({ schemaMissing: true, metrics: null });
    expect(s.calls().map((c) => c.path + JSON.stringify(c.query))).toEqual([
      '/data-sources/7{"withSchema":"true"}',
      '/data-sources/7{}',
    ]);
  });

  test('a 503 on withSchema=true is still retried with the schema (only 500 means "no schema")', async () => {
    const s = setup();
    const path = '/data-sources/7?withSchema=true';
    s.platform.intercept({ path, method: 'GET' }).reply(503, { message: 'busy' }, { headers: json });
    s.platform
      .intercept({ path, method: 'GET' })
      .reply(200, { data: { ...record, meterSchema: { metrics: [] } } }, { headers: json });
    const ds = await s.client.dataSources.get('7', { withSchema: true });
    expect(ds).toMatchObject({ schemaMissing: false, metrics: [] });
    expect(s.calls()).toHaveLength(2);
  });

  test.each(['deviceStatus', 'status'])('device status is read from a `%s` object', async (key) => {
    const s = setup();
    const status = {
      battery: 14,
      onLine: false,
      cameraOn: true,
      version: '2.1',
      reportedAt: '2025-01-01T00:00:00Z',
      junk: 1,
    };
    s.platform
      .intercept({ path: '/data-sources/7', method: 'GET' })
      .reply(200, { data: { ...record, [key]: status } }, { headers: json });
    const ds = await s.client.dataSources.get('7');
    expect(ds.deviceStatus).toEqual({
      battery: 14,
      onLine: false,
      cameraOn: true,
      version: '2.1',
      reportedAt: '2025-01-01T00:00:00Z',
    });
  });

  test('list sends every filter in the contract form', async () => {
    const s = setup();
    s.platform
      .intercept({ path: (p) => p.startsWith('/data-sources?'), method: 'GET' })
      .reply(200, { data: null }, { headers: json });
    await s.client.dataSources.listPage({
      limit: 10,
      siteIds: ['s1', 's2'],
      meterIds: ['7'],
      applyingIds: ['1', '7'],
      textSearch: 'boiler',
      withLastReadings: true,
      withDetails: false,
      onlyMain: true,
    });
    expect(s.calls()[0]?.query).toEqual({
      limit: '10',
      siteIds: 's1,s2',
      meterIds: '7',
      applyingIds: '1,7',
      textSearch: 'boiler',
      withLastReadings: 'true',
      onlyMain: 'true',
    });
  });
});
