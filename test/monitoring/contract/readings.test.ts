/** Contract: reading row, GET /reading (section 3) and POST /reading (section 4). */
import { describe, expect, test } from 'vitest';
import type { ReadingQuery } from '../../../src/monitoring/index.ts';
import { collect } from '../helpers.ts';
import { apiRequests, kind, raw, recentDays, sourceOf, useContract } from './fixture.ts';

const c = useContract();

const lastTwoDays = recentDays('2 days');
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
    const total = (await collect(c.client.readings.query(query({ limit: 500 })))).length;
    let limit = 40;
    while (total % limit === 0) limit++;
    const base = `/reading?meterId=${meter().id}&startHour=00:00:00&endHour=23:59:59&startOffset=2%20days&endOffset=0%20days&limit=${limit}`;
    const sizes: number[] = [];
    let cursor: string | undefined;
    let beforeLast: string | undefined;
    for (;;) {
      const res = await raw(c.sb, 'GET', cursor ? `${base}&lastValue=${encodeURIComponent(cursor)}` : base);
      const body = res.json as { data: unknown[] | null; lastValue?: string };
      expect(body.data).not.toBeNull();
      expect(body.lastValue, `page ${sizes.length + 1}`).toEqual(expect.any(String));
      sizes.push(body.data?.length ?? 0);
      if ((body.data?.length ?? 0) < limit) break;
      beforeLast = body.lastValue;
      cursor = body.lastValue;
    }
    expect(sizes.length).toBeGreaterThan(1);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(total);
    // The client ends on the short last page although it carries a cursor.
    const last = await c.client.readings.queryPage(query({ limit }), beforeLast);
    expect(last).toMatchObject({ done: true, lastValue: expect.any(String) });
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
