/** Contract: GET /data-sources parameters and order (section 1), GET /data-sources/{id} (section 2), paging rules. */
import { describe, expect, test } from 'vitest';
import { collect } from '../helpers.ts';
import { apiRequests, kind, raw, sourceOf, useContract } from './fixture.ts';

const c = useContract();

describe('section 1 — GET /data-sources', () => {
  test('contract: data sources section 1 — fixed order: type, then name, then ID', async () => {
    const rows = await collect(c.client.dataSources.list({ limit: 7 }));
    const keys = rows.map((r) => [Number(r.type.ordinal ?? 0), r.name, r.id] as const);
    const sorted = [...keys].sort(
      (a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) || (a[2] < b[2] ? -1 : 1),
    );
    expect(keys).toEqual(sorted);
    expect(rows.length).toBe(c.sb.admin.state.sources.length);
  });

  test('contract: data sources parameter limit — page size', async () => {
    expect((await c.client.dataSources.listPage({ limit: 3 })).rows).toHaveLength(3);
  });

  test('contract: data sources parameter lastValue — cursor', async () => {
    const first = await c.client.dataSources.listPage({ limit: 3 });
    const second = await c.client.dataSources.listPage({ limit: 3 }, first.lastValue);
    const six = await c.client.dataSources.listPage({ limit: 6 });
    expect([...first.rows, ...second.rows].map((r) => r.id)).toEqual(six.rows.map((r) => r.id));
  });

  test('contract: data sources parameter siteIds — comma-separated site IDs', async () => {
    const rows = await collect(c.client.dataSources.list({ siteIds: ['101', '105'] }));
    expect(new Set(rows.map((r) => r.site.id))).toEqual(new Set(['101', '105']));
  });

  test('contract: data sources parameter meterIds — comma-separated data source IDs', async () => {
    const ids = c.sb.admin.state.sources.slice(0, 2).map((s) => s.id);
    const rows = await collect(c.client.dataSources.list({ meterIds: ids }));
    expect(rows.map((r) => r.id).sort()).toEqual([...ids].sort());
  });

  test('contract: data sources parameter applyingIds — usage IDs 1, 2, 7', async () => {
    const rows = await collect(c.client.dataSources.list({ applyingIds: ['7'] }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.applying?.id === '7' && r.applying.name === 'AI Vision')).toBe(true);
  });

  test('contract: data sources parameter textSearch — free-text search over names', async () => {
    const rows = await collect(c.client.dataSources.list({ textSearch: 'camera' }));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.name.toLowerCase().includes('camera'))).toBe(true);
  });

  test('contract: data sources parameter withLastReadings — any value turns it on; adds each row latest reading', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const [row] = (await c.client.dataSources.listPage({ meterIds: [meter.id], withLastReadings: true }))
      .rows;
    expect(row?.lastReading).toMatchObject({ meterId: Number(meter.id), eventDate: expect.any(String) });
    const off = await raw(c.sb, 'GET', `/data-sources?meterIds=${meter.id}&withLastReadings=false`);
    expect(JSON.stringify(off.json)).toContain('lastReading');
    // Since any value turns it on, "false" is expressed by leaving the parameter out.
    c.sb.admin.clearRequests();
    const [plain] = (await c.client.dataSources.listPage({ meterIds: [meter.id], withLastReadings: false }))
      .rows;
    expect(apiRequests(c.sb)[0]?.query).not.toHaveProperty('withLastReadings');
    expect(plain).not.toHaveProperty('lastReading');
  });

  test('contract: data sources parameter withDetails — any value turns it on; expands rows to all metrics', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const plain = (await c.client.dataSources.listPage({ meterIds: [meter.id] })).rows[0]!;
    const detailed = (await c.client.dataSources.listPage({ meterIds: [meter.id], withDetails: true }))
      .rows[0]!;
    expect(Object.keys(detailed).length).toBeGreaterThan(Object.keys(plain).length);
    const anyValue = await raw(c.sb, 'GET', `/data-sources?meterIds=${meter.id}&withDetails=false`);
    expect((anyValue.json as { data: Record<string, unknown>[] }).data[0]).toHaveProperty('metrics');
    c.sb.admin.clearRequests();
    const off = (await c.client.dataSources.listPage({ meterIds: [meter.id], withDetails: false })).rows[0]!;
    expect(apiRequests(c.sb)[0]?.query).not.toHaveProperty('withDetails');
    expect(Object.keys(off)).toEqual(Object.keys(plain));
  });

  test('contract: data sources parameter onlyMain — the literal string true restricts rows to the main metric', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const on = await raw(c.sb, 'GET', `/data-sources?meterIds=${meter.id}&withDetails=1&onlyMain=true`);
    const notLiteral = await raw(
      c.sb,
      'GET',
      `/data-sources?meterIds=${meter.id}&withDetails=1&onlyMain=yes`,
    );
    expect(JSON.stringify(on.json)).not.toEqual(JSON.stringify(notLiteral.json));
    const metricsOf = (res: { json: unknown }) =>
      ((res.json as { data: { metrics?: unknown[] }[] }).data[0]?.metrics ?? []).length;
    expect(metricsOf(on)).toBe(1);
    expect(metricsOf(notLiteral)).toBeGreaterThan(1);
    c.sb.admin.clearRequests();
    await c.client.dataSources.listPage({ meterIds: [meter.id], onlyMain: true });
    expect(apiRequests(c.sb)[0]?.query.onlyMain).toBe('true');
  });
});

describe('section 2 — GET /data-sources/{id}', () => {
  test('contract: data sources section 2 parameter withSchema — only the literal string true includes meterSchema', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const yes = await raw(c.sb, 'GET', `/data-sources/${meter.id}?withSchema=true`);
    const one = await raw(c.sb, 'GET', `/data-sources/${meter.id}?withSchema=1`);
    expect(JSON.stringify(yes.json)).toContain('meterSchema');
    expect((one.json as { data: Record<string, unknown> }).data.meterSchema ?? null).toBeNull();
    expect((await c.client.dataSources.get(meter.id, { withSchema: true })).metrics?.length).toBeGreaterThan(
      0,
    );
  });

  test('contract: data sources section 2 parameter withLastReading — only the literal string true includes the latest reading', async () => {
    const meter = sourceOf(c.sb, kind('energy'));
    const ds = await c.client.dataSources.get(meter.id, { withLastReading: true });
    expect(ds.lastReading).toMatchObject({ meterId: Number(meter.id), values: expect.any(Object) });
    expect((await c.client.dataSources.get(meter.id)).lastReading).toBeNull();
    const one = await raw(c.sb, 'GET', `/data-sources/${meter.id}?withLastReading=1`);
    expect((one.json as { data: Record<string, unknown> }).data).not.toHaveProperty('lastReading');
    const yes = await raw(c.sb, 'GET', `/data-sources/${meter.id}?withLastReading=true`);
    expect((yes.json as { data: Record<string, unknown> }).data).toHaveProperty('lastReading');
  });

  test('contract: data sources section 2 rule — withSchema=true on a source with no schema fails with 500; the client re-fetches once and reports schemaMissing', async () => {
    const gateway = sourceOf(c.sb, (s) => !s.hasSchema);
    expect((await raw(c.sb, 'GET', `/data-sources/${gateway.id}?withSchema=true`)).status).toBe(500);
    c.sb.admin.clearRequests();
    const ds = await c.client.dataSources.get(gateway.id, { withSchema: true });
    expect(ds).toMatchObject({ id: gateway.id, schemaMissing: true, metrics: null });
    expect(apiRequests(c.sb).map((r) => [r.query.withSchema ?? null, r.status])).toEqual([
      ['true', 500],
      [null, 200],
    ]);
  });

  test('contract: data sources section 2 rule — the schema maps metric IDs used by reading endpoints to names', async () => {
    const meter = sourceOf(c.sb, kind('flow'));
    const ds = await c.client.dataSources.get(meter.id, { withSchema: true, withLastReading: true });
    const metricIds = new Set(ds.metrics?.map((m) => m.metricId));
    for (const key of Object.keys(ds.lastReading?.values ?? {}))
      if (!key.endsWith('99')) expect(metricIds.has(key)).toBe(true);
  });
});

describe('paging rules', () => {
  test('contract: paging rule 1 — limit is always sent', async () => {
    c.sb.admin.clearRequests();
    await collect(c.client.dataSources.list({ limit: 15 }));
    await collect(c.client.tasks.list({ limit: 40 }));
    for (const r of apiRequests(c.sb)) expect(r.query.limit).toBeDefined();
  });

  test('contract: paging rule 2 — lastValue is passed back verbatim', async () => {
    const first = await c.client.dataSources.listPage({ limit: 4 });
    c.sb.admin.clearRequests();
    await c.client.dataSources.listPage({ limit: 4 }, first.lastValue);
    expect(apiRequests(c.sb)[0]?.query.lastValue).toBe(first.lastValue);
  });

  test('contract: paging rule 3 — textSearch is sent on every page', async () => {
    c.sb.admin.clearRequests();
    const rows = await collect(c.client.dataSources.list({ limit: 2, textSearch: 'e' }));
    const requests = apiRequests(c.sb);
    expect(requests.length).toBeGreaterThan(2);
    expect(rows.length).toBeGreaterThan(4);
    for (const r of requests) expect(r.query.textSearch).toBe('e');
  });

  test('contract: paging rule 4 — the end is data null or a short page; the client fetches the minimal number of pages', async () => {
    const total = c.sb.admin.state.sources.length;
    const limit = 7;
    c.sb.admin.clearRequests();
    const rows = await collect(c.client.dataSources.list({ limit }));
    expect(rows).toHaveLength(total);
    expect(apiRequests(c.sb)).toHaveLength(Math.floor(total / limit) + 1);
  });

  test('contract: paging rule 5 — a malformed lastValue gives 400', async () => {
    expect(
      await c.client.dataSources.listPage({ limit: 2 }, '%%%garbage').catch((e: unknown) => e),
    ).toMatchObject({
      code: 'VALIDATION',
      status: 400,
    });
  });
});
