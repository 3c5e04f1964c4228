/** The iterators fetch exactly the minimal number of pages (contract: Paging rules 1–4). */
import { describe, expect, test } from 'vitest';
import { collect, json, LAST_7_DAYS, setup } from './helpers.ts';

const row = (n: number) => ({
  id: `ds${n}`,
  name: `Source ${n}`,
  validationStatus: 20,
  type: { id: '1', name: 'Meter', ordinal: 1 },
  site: { id: 's1', name: 'Porto', channelId: 'ch1' },
  applying: { id: '1', name: 'Sensor' },
  channelId: 'ch1',
  isShared: false,
});

describe('data source paging', () => {
  test('5 rows with limit 2 take exactly 3 requests, each sending limit, textSearch and the verbatim cursor', async () => {
    const s = setup();
    const path = (extra: string) => `/data-sources?limit=2${extra}&textSearch=pump%20house`;
    s.platform
      .intercept({ path: path(''), method: 'GET' })
      .reply(200, { data: [row(1), row(2)], lastValue: 'c/1+=' }, { headers: json });
    s.platform
      .intercept({ path: path('&lastValue=c%2F1%2B%3D'), method: 'GET' })
      .reply(200, { data: [row(3), row(4)], lastValue: 'c2' }, { headers: json });
    s.platform
      .intercept({ path: path('&lastValue=c2'), method: 'GET' })
      .reply(200, { data: [row(5)], lastValue: 'c3' }, { headers: json });
    const rows = await collect(s.client.dataSources.list({ limit: 2, textSearch: 'pump house' }));
    expect(rows.map((r) => r.id)).toEqual(['ds1', 'ds2', 'ds3', 'ds4', 'ds5']);
    expect(s.calls()).toHaveLength(3);
    expect(s.calls().map((c) => c.query)).toEqual([
      { limit: '2', textSearch: 'pump house' },
      { limit: '2', lastValue: 'c/1+=', textSearch: 'pump house' },
      { limit: '2', lastValue: 'c2', textSearch: 'pump house' },
    ]);
  });

  test('a full last page followed by data:null costs exactly one extra request', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/data-sources?limit=2', method: 'GET' })
      .reply(200, { data: [row(1), row(2)], lastValue: 'a' }, { headers: json });
    s.platform
      .intercept({ path: '/data-sources?limit=2&lastValue=a', method: 'GET' })
      .reply(200, { data: [row(3), row(4)], lastValue: 'b' }, { headers: json });
    s.platform
      .intercept({ path: '/data-sources?limit=2&lastValue=b', method: 'GET' })
      .reply(200, { data: null }, { headers: json });
    expect(await collect(s.client.dataSources.list({ limit: 2 }))).toHaveLength(4);
    expect(s.calls()).toHaveLength(3);
  });

  test('data:null on the first page ends at once', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/data-sources?limit=100', method: 'GET' })
      .reply(200, { data: null }, { headers: json });
    expect(await collect(s.client.dataSources.list())).toEqual([]);
    expect(s.calls()).toHaveLength(1);
  });
});

describe('reading paging', () => {
  const reading = (i: number) => ({ meter_id: 7, event_date: `2025-01-01T00:0${i}:00.000000Z`, m1: i });
  test('a short last page ends the list although it carries a lastValue', async () => {
    const s = setup();
    const base =
      '/reading?meterId=7&startTime=2025-01-01T00%3A00%3A00&endTime=2025-01-02T00%3A00%3A00&limit=3';
    s.platform
      .intercept({ path: base, method: 'GET' })
      .reply(200, { data: [reading(1), reading(2), reading(3)], lastValue: 'r1' }, { headers: json });
    s.platform
      .intercept({ path: `${base}&lastValue=r1`, method: 'GET' })
      .reply(200, { data: [reading(4)], lastValue: 'r2' }, { headers: json });
    const range = {
      mode: 'absolute',
      startTime: '2025-01-01T00:00:00',
      endTime: '2025-01-02T00:00:00',
    } as const;
    const rows = await collect(s.client.readings.query({ meterId: '7', range, limit: 3 }));
    expect(rows.map((r) => r.values.m1)).toEqual([1, 2, 3, 4]);
    expect(s.calls()).toHaveLength(2);
  });

  test('limit defaults to 500 and is always sent', async () => {
    const s = setup();
    s.platform
      .intercept({ path: (p) => p.startsWith('/reading?'), method: 'GET' })
      .reply(200, { data: null }, { headers: json });
    await collect(s.client.readings.query({ meterId: '7', range: LAST_7_DAYS, sortDesc: true }));
    expect(s.calls()[0]?.query).toEqual({
      meterId: '7',
      ...LAST_7_DAYS,
      mode: undefined,
      limit: '500',
      sortDesc: 'true',
    });
  });
});

describe('task paging', () => {
  const task = (n: number) => ({
    id: `t${n}`,
    name: `Task ${n}`,
    status: { id: '5', name: 'To Do' },
    postId: n,
  });
  test('filters are repeated on every page and a full page without a cursor stops', async () => {
    const s = setup();
    const q = '/tasks?limit=1&textSearch=pump&siteIds=s1%2Cs2&statusIds=5';
    s.platform
      .intercept({ path: q, method: 'GET' })
      .reply(200, { data: [task(1)], lastValue: 'x' }, { headers: json });
    s.platform
      .intercept({
        path: `/tasks?limit=1&lastValue=x&textSearch=pump&siteIds=s1%2Cs2&statusIds=5`,
        method: 'GET',
      })
      .reply(200, { data: [task(2)] }, { headers: json });
    const tasks = await collect(
      s.client.tasks.list({ limit: 1, textSearch: 'pump', siteIds: ['s1', 's2'], statusIds: ['5'] }),
    );
    expect(tasks.map((t) => t.id)).toEqual(['t1', 't2']);
    expect(s.calls()).toHaveLength(2);
  });
});

describe('a page longer than the limit asked (contract: Paging rule 1)', () => {
  test('is cut to the limit before it is read, and the list goes on from its cursor', async () => {
    const s = setup();
    s.platform
      .intercept({ path: '/data-sources?limit=3', method: 'GET' })
      .reply(
        200,
        { data: Array.from({ length: 8_000 }, (_, i) => row(i)), lastValue: 'c' },
        { headers: json },
      );
    const page = await s.client.dataSources.listPage({ limit: 3 });
    expect(page.rows.map((r) => r.id)).toEqual(['ds0', 'ds1', 'ds2']);
    expect(page.done).toBe(false);
    expect(page.lastValue).toBe('c');
  });

  test('rows past the limit are never read: broken ones there do not fail the page', async () => {
    const s = setup();
    const broken = { id: 7, name: null };
    s.platform
      .intercept({ path: '/data-sources?limit=2', method: 'GET' })
      .reply(200, { data: [row(0), row(1), broken, broken] }, { headers: json });
    const page = await s.client.dataSources.listPage({ limit: 2 });
    expect(page.rows.map((r) => r.id)).toEqual(['ds0', 'ds1']);
  });
});
