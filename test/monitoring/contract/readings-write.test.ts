/** Contract: POST /reading (section 4), client against the sandbox over loopback. */
import { describe, expect, test } from 'vitest';
import { createMonitoringClient } from '../../../src/monitoring/index.ts';
import { startSandbox } from '../../../src/sandbox/index.ts';
import { collect } from '../helpers.ts';
import { apiRequests, kind, raw, sourceOf, useContract } from './fixture.ts';

const c = useContract();

const meter = () => sourceOf(c.sb, kind('energy'));

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

  test('contract: readings rule 5 — {data: SUCCESS} means accepted for ingestion; reading back may lag', async () => {
    const res = await raw(c.sb, 'POST', '/reading', {
      body: [{ meterId: meter().id, readings: [{ timestamp: null, values: {} }] }],
    });
    expect(res.json).toEqual({ data: 'SUCCESS' });
    // A platform that ingests slowly: the write is accepted, yet not readable until ingestion catches up.
    const slow = await startSandbox({ seed: { days: 1 }, ingestionDelayMs: 60_000 });
    const client = createMonitoringClient({ baseUrl: slow.url, apiKey: slow.keys.full });
    try {
      const id = sourceOf(slow, kind('energy')).id;
      const at = new Date(slow.admin.now() - 30_000).toISOString();
      await client.readings.write([{ meterId: id, readings: [{ timestamp: at, values: { '1101': 4242 } }] }]);
      const range = {
        mode: 'relative',
        startHour: '00:00:00',
        endHour: '23:59:59',
        startOffset: '1 hour',
        endOffset: '0 days',
      } as const;
      const mine = async () =>
        (await collect(client.readings.query({ meterId: id, range }))).filter(
          (r) => r.values['1101'] === 4242,
        );
      expect(await mine()).toEqual([]);
      slow.admin.tick(61_000);
      expect(await mine()).toHaveLength(1);
    } finally {
      await client.close();
      await slow.close();
    }
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
