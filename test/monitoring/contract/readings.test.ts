/** Contract: reading row, GET /reading (section 3) and POST /reading (section 4). */
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import type { ReadingQuery } from '../../../src/monitoring/index.ts';
import { collect } from '../helpers.ts';
import { apiRequests, kind, raw, sourceOf, startContract, type Contract } from './fixture.ts';

let c: Contract;
beforeAll(async () => {
  c = await startContract();
});
afterAll(() => c.close());
beforeEach(() => c.sb.admin.reset());

const lastTwoDays = {
  mode: 'relative',
  startHour: '00:00:00',
  endHour: '23:59:59',
  startOffset: '2 days',
  endOffset: '0 days',
} as const;
const meter = () => sourceOf(c.sb, kind('energy'));
const query = (extra: Partial<ReadingQuery> = {}): ReadingQuery => ({
  meterId: meter().id,
  range: lastTwoDays,
  limit: 20,
  ...extra,
});

describe('reading row', () => {
  test('contract: reading row <metricId> — one key per metric, number, string or null', async () => {
    const page = await c.client.readings.queryPage(query());
    expect(page.rows.length).toBeGreaterThan(0);
    for (const row of page.rows) {
      for (const value of Object.values(row.values))
        expect(['number', 'string'].includes(typeof value) || value === null).toBe(true);
      expect(Object.keys(row.values)).toEqual(expect.arrayContaining(['1101', '1102', '1103', '1104']));
    }
    expect(page.rows.some((r) => typeof r.values['1104'] === 'string')).toBe(true);
  });

  test('contract: reading row meter_id — a number (the request parameter is a string)', async () => {
    const page = await c.client.readings.queryPage(query());
    for (const row of page.rows) expect(row.meterId).toBe(Number(meter().id));
  });

  test('contract: reading row event_date — ISO 8601 UTC with microseconds; rows are flat', async () => {
    const res = await raw(
      c.sb,
      'GET',
      `/reading?meterId=${meter().id}&startHour=00:00:00&endHour=23:59:59&startOffset=1%20day&endOffset=0%20days&limit=3`,
    );
    const rows = (res.json as { data: Record<string, unknown>[] }).data;
    for (const row of rows) {
      expect(row.event_date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/);
      expect(Object.values(row).some((v) => Array.isArray(v) || (typeof v === 'object' && v !== null))).toBe(
        false,
      );
    }
  });
});

describe('section 3 — GET /reading', () => {
  test('contract: readings parameter meterId — required', async () => {
    expect(
      (
        await raw(
          c.sb,
          'GET',
          '/reading?startOffset=1%20day&endOffset=0%20days&startHour=00:00:00&endHour=23:59:59',
        )
      ).status,
    ).toBe(400);
    expect(await c.client.readings.queryPage(query({ meterId: '' })).catch((e: unknown) => e)).toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'meterId',
    });
  });

  test('contract: readings parameter startTime, endTime — absolute local range sent together', async () => {
    const now = new Date(c.sb.admin.now());
    const day = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10);
    const range = { mode: 'absolute', startTime: `${day}T00:00:00`, endTime: `${day}T23:59:59` } as const;
    const rows = await collect(c.client.readings.query({ meterId: meter().id, range, limit: 500 }));
    expect(rows.length).toBeGreaterThan(10);
    expect((await raw(c.sb, 'GET', `/reading?meterId=${meter().id}&startTime=${day}T00:00:00`)).status).toBe(
      400,
    );
  });

  test('contract: readings parameter startHour, endHour — daily window HH:mm:ss', async () => {
    const rows = await collect(
      c.client.readings.query(
        query({ range: { ...lastTwoDays, startHour: '08:00:00', endHour: '09:00:00' }, limit: 500 }),
      ),
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(20);
  });

  test('contract: readings parameter startOffset, endOffset — <amount> <unit>', async () => {
    const one = await collect(
      c.client.readings.query(query({ range: { ...lastTwoDays, startOffset: '1 day' }, limit: 500 })),
    );
    const two = await collect(c.client.readings.query(query({ limit: 500 })));
    expect(two.length).toBeGreaterThan(one.length);
  });

  test('contract: readings parameter limit — 1 to 500, default 500; out of range gives 400', async () => {
    const base = `/reading?meterId=${meter().id}&startHour=00:00:00&endHour=23:59:59&startOffset=2%20days&endOffset=0%20days`;
    expect((await raw(c.sb, 'GET', `${base}&limit=501`)).status).toBe(400);
    expect((await raw(c.sb, 'GET', `${base}&limit=0`)).status).toBe(400);
    expect((await raw(c.sb, 'GET', base)).json).toMatchObject({ data: expect.any(Array) });
    expect(await c.client.readings.queryPage(query({ limit: 501 })).catch((e: unknown) => e)).toMatchObject({
      field: 'limit',
    });
  });

  test('contract: readings parameter lastValue — cursor; returned on every non-empty page including the last', async () => {
    const all = await collect(c.client.readings.query(query({ limit: 500 })));
    const first = await c.client.readings.queryPage(query({ limit: all.length + 5 }));
    expect(first.done).toBe(true);
    expect(first.lastValue).not.toBeNull();
  });

  test('contract: readings parameter sortDesc — newest first is the default; sortDesc orders descending', async () => {
    const page = await c.client.readings.queryPage(query({ limit: 5 }));
    const dates = page.rows.map((r) => r.eventDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const desc = await c.client.readings.queryPage(query({ limit: 5, sortDesc: true }));
    expect(desc.rows.map((r) => r.eventDate)).toEqual(dates);
  });

  test('contract: readings section 3 rule — exactly one valid time-filter mode; none or malformed gives 400', async () => {
    expect((await raw(c.sb, 'GET', `/reading?meterId=${meter().id}`)).status).toBe(400);
    expect(
      (
        await raw(
          c.sb,
          'GET',
          `/reading?meterId=${meter().id}&startHour=00:00:00&endHour=23:59:59&startOffset=2%20days`,
        )
      ).status,
    ).toBe(400);
    expect(
      await c.client.readings
        .queryPage(query({ range: { ...lastTwoDays, endHour: '25:00:00' } }))
        .catch((e: unknown) => e),
    ).toMatchObject({
      code: 'INVALID_ARGUMENT',
      field: 'range.endHour',
    });
  });

  test('contract: readings section 3 rule — no metric filtering: every metric on every row', async () => {
    const rows = await collect(c.client.readings.query(query({ limit: 50 })));
    const keys = new Set(rows.map((r) => Object.keys(r.values).sort().join(',')));
    expect(keys.size).toBe(1);
  });

  test('contract: readings section 3 rule — data is null when no readings fall in the window', async () => {
    const silent = sourceOf(c.sb, (s) => s.name === 'Spare Sensor');
    const page = await c.client.readings.queryPage({ meterId: silent.id, range: lastTwoDays });
    expect(page).toEqual({ rows: [], lastValue: null, done: true });
  });

  test('contract: readings paging — minimal page count with lastValue on the last page', async () => {
    const total = (await collect(c.client.readings.query(query({ limit: 500 })))).length;
    c.sb.admin.clearRequests();
    const rows = await collect(c.client.readings.query(query({ limit: 25 })));
    expect(rows).toHaveLength(total);
    expect(apiRequests(c.sb)).toHaveLength(Math.floor(total / 25) + 1);
  });
});

describe('section 4 — POST /reading', () => {
  const iso = () => new Date(c.sb.admin.now() - 60_000).toISOString();

  test('contract: readings write field meterId — a string; a JSON number is rejected', async () => {
    const bad = await raw(c.sb, 'POST', '/reading', {
      body: [{ meterId: Number(meter().id), readings: [{ timestamp: null, values: {} }] }],
    });
    expect(bad.status).toBe(400);
    await c.client.readings.write([
      { meterId: meter().id, readings: [{ timestamp: iso(), values: { '1101': 12.5 } }] },
    ]);
    expect(c.sb.admin.written().readings).toHaveLength(1);
  });

  test('contract: readings write field readings — object[] required', async () => {
    expect((await raw(c.sb, 'POST', '/reading', { body: [{ meterId: meter().id }] })).status).toBe(400);
  });

  test('contract: readings write field readings[].timestamp — key required; null means the server current time', async () => {
    expect(
      (await raw(c.sb, 'POST', '/reading', { body: [{ meterId: meter().id, readings: [{ values: {} }] }] }))
        .status,
    ).toBe(400);
    const before = c.sb.admin.now();
    await c.client.readings.write([
      { meterId: meter().id, readings: [{ timestamp: null, values: { '1101': 1 } }] },
    ]);
    const t = c.sb.admin.written().readings[0]?.t ?? 0;
    expect(t).toBeGreaterThanOrEqual(before);
    expect(t).toBeLessThanOrEqual(c.sb.admin.now());
  });

  test('contract: readings write field readings[].values — metric ID mapped to value', async () => {
    await c.client.readings.write([
      { meterId: meter().id, readings: [{ timestamp: iso(), values: { '1101': 7, '1104': 'OPEN' } }] },
    ]);
    expect(c.sb.admin.written().readings[0]?.values).toMatchObject({ '1101': 7, '1104': 'OPEN' });
  });

  test('contract: readings rule 1 — a reading object accepts only timestamp and values', async () => {
    const bad = await raw(c.sb, 'POST', '/reading', {
      body: [{ meterId: meter().id, readings: [{ timestamp: null, values: {}, unit: 'kW' }] }],
    });
    expect(bad.status).toBe(400);
    const extraOnMeter = await raw(c.sb, 'POST', '/reading', {
      body: [{ meterId: meter().id, note: 'x', readings: [{ timestamp: null, values: {} }] }],
    });
    expect(extraOnMeter.status).toBe(200);
    const refused = await c.client.readings
      .write([{ meterId: meter().id, readings: [{ timestamp: null, values: {}, unit: 'kW' } as never] }])
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ code: 'INVALID_ARGUMENT', field: 'batch[0].readings[0].unit' });
  });

  test('contract: readings rule 2 — the batch is accepted or rejected as a whole', async () => {
    const own = sourceOf(c.sb, (s) => s.siteId === c.sb.limitedSiteId && s.kind === 'energy');
    const foreign = sourceOf(c.sb, (s) => s.siteId !== c.sb.limitedSiteId && !s.isShared);
    const batch = [own, foreign].map((s) => ({ meterId: s.id, readings: [{ timestamp: null, values: {} }] }));
    expect(await c.limited.readings.write(batch).catch((e: unknown) => e)).toMatchObject({
      code: 'NO_ACCESS',
      status: 401,
    });
    expect(c.sb.admin.written().readings).toHaveLength(0);
  });

  test('contract: readings rule 3 — writable metrics omitted from values are stored as null', async () => {
    const at = iso();
    await c.client.readings.write([
      { meterId: meter().id, readings: [{ timestamp: at, values: { '1101': 3 } }] },
    ]);
    const range = {
      mode: 'relative',
      startHour: '00:00:00',
      endHour: '23:59:59',
      startOffset: '1 day',
      endOffset: '0 days',
    } as const;
    const rows = await collect(c.client.readings.query({ meterId: meter().id, range, limit: 500 }));
    const mine = rows.find((r) => Date.parse(r.eventDate) === Date.parse(at));
    expect(mine?.values).toMatchObject({ '1101': 3, '1102': null, '1103': null, '1104': null });
  });

  test('contract: readings rule 4 — values are normalised to the schema order', async () => {
    await c.client.readings.write([
      { meterId: meter().id, readings: [{ timestamp: iso(), values: { '1104': 'OPEN', '1101': 1 } }] },
    ]);
    const stored = Object.keys(c.sb.admin.written().readings[0]?.values ?? {});
    expect(stored.indexOf('1101')).toBeLessThan(stored.indexOf('1104'));
  });

  test('contract: readings rule 5 — {data: SUCCESS} means accepted for ingestion', async () => {
    const res = await raw(c.sb, 'POST', '/reading', {
      body: [{ meterId: meter().id, readings: [{ timestamp: null, values: {} }] }],
    });
    expect(res.json).toEqual({ data: 'SUCCESS' });
  });

  test('contract: readings rule 6 — no query string', async () => {
    const res = await raw(c.sb, 'POST', '/reading?x=1', {
      body: [{ meterId: meter().id, readings: [{ timestamp: null, values: {} }] }],
    });
    expect(res.status).toBe(400);
    c.sb.admin.clearRequests();
    await c.client.readings.write([{ meterId: meter().id, readings: [{ timestamp: null, values: {} }] }]);
    expect(apiRequests(c.sb)[0]?.query).toEqual({});
  });
});
