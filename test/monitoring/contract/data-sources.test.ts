/** Contract: data sources (list row, full record, states, sections 1–2, paging rules). */
import { beforeAll, describe, expect, test } from 'vitest';
import type { DataSource, DataSourceRow } from '../../../src/monitoring/index.ts';
import { collect } from '../helpers.ts';
import { kind, sourceOf, useContract } from './fixture.ts';

const c = useContract();

const isStr = (v: unknown) => typeof v === 'string';
const isNum = (v: unknown) => typeof v === 'number';
const isBool = (v: unknown) => typeof v === 'boolean';
const isObj = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
const nullable = (check: (v: unknown) => boolean) => (v: unknown) => v === null || check(v);
const hasKeys =
  (...keys: string[]) =>
  (v: unknown) =>
    isObj(v) && keys.every((k) => k in (v as object));

describe('data source list row (GET /data-sources)', () => {
  let rows: DataSourceRow[];
  beforeAll(async () => {
    rows = await collect(c.client.dataSources.list({ limit: 50 }));
  });
  const table: [string, (v: unknown) => boolean][] = [
    ['id — string, always present', isStr],
    ['name — string, always present', isStr],
    [
      'validationStatus — a bare number (10, 20, 30) or null',
      (v) => v === null || v === 10 || v === 20 || v === 30,
    ],
    ['type — {id, name, ordinal}', hasKeys('id', 'name', 'ordinal')],
    ['site — {id, name, channelId}', hasKeys('id', 'name', 'channelId')],
    ['applying — {id, name} or null', nullable(hasKeys('id', 'name'))],
    ['channelId — string or null', nullable(isStr)],
    ['isShared — boolean, always present', isBool],
  ];
  test.each(table)('contract: data source list row %s', (label, check) => {
    const field = label.split(' ')[0]!;
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows)
      expect(check(row[field]), `${row.id}.${field}=${JSON.stringify(row[field])}`).toBe(true);
  });
});

describe('data source full record (GET /data-sources/{id})', () => {
  let records: DataSource[];
  beforeAll(async () => {
    const ids = ['energy', 'flow', 'form', 'camera', 'gateway'].map((k) => sourceOf(c.sb, kind(k)).id);
    records = await Promise.all(ids.map((id) => c.client.dataSources.get(id, { withSchema: true })));
  });
  const ref = hasKeys('id', 'name');
  const table: [string, (r: DataSource) => boolean][] = [
    ['id — string', (r) => isStr(r.id)],
    ['name — string', (r) => isStr(r.name)],
    ['description — string, nullable', (r) => nullable(isStr)(r.description)],
    ['externalId — string, nullable', (r) => nullable(isStr)(r.externalId)],
    ['type — {id, name}', (r) => ref(r.type)],
    ['applying — {id, name}', (r) => ref(r.applying)],
    ['site — {id, name, channelId}', (r) => hasKeys('id', 'name', 'channelId')(r.site)],
    ['offset — number (minutes)', (r) => isNum(r.offset)],
    ['timezoneId — string', (r) => isStr(r.timezoneId)],
    [
      'tzTimezoneName — IANA time zone name',
      (r) => isStr(r.tzTimezoneName) && Intl.supportedValuesOf('timeZone').includes(String(r.tzTimezoneName)),
    ],
    ['model — {id, name}', (r) => ref(r.model)],
    ['manufacturer — nullable', (r) => 'manufacturer' in r],
    ['inactiveThreshold — number, nullable', (r) => nullable(isNum)(r.inactiveThreshold)],
    ['validationStatus — {id, name}', (r) => ref(r.validationStatus)],
    ['activityStatus — {id, name}', (r) => ref(r.activityStatus)],
    ['collector — {id, name}, nullable', (r) => nullable(ref)(r.collector)],
    ['collectorType — {id, name}', (r) => ref(r.collectorType)],
    ['isCustomSchema — boolean', (r) => isBool(r.isCustomSchema)],
    ['collectionEnabled — boolean', (r) => isBool(r.collectionEnabled)],
    ['readingInterval — number, nullable', (r) => nullable(isNum)(r.readingInterval)],
    ['channelId — string', (r) => isStr(r.channelId)],
    ['companyId — string', (r) => isStr(r.companyId)],
    [
      'isShared, isTemplate, isDeleted, isPrivate — booleans',
      (r) => [r.isShared, r.isTemplate, r.isDeleted, r.isPrivate].every(isBool),
    ],
    [
      'displayUoms — array of {metricId, uomId}, nullable',
      (r) =>
        r.displayUoms === null ||
        (Array.isArray(r.displayUoms) && r.displayUoms.every(hasKeys('metricId', 'uomId'))),
    ],
    ['images, files — nullable', (r) => 'images' in r && 'files' in r],
    [
      'auditInfo — createdBy {id, name}, createdDate, lastModifiedBy, lastModifiedDate',
      (r) => hasKeys('createdBy', 'createdDate', 'lastModifiedBy', 'lastModifiedDate')(r.auditInfo),
    ],
  ];
  test.each(table)('contract: data source full record row %s', (_label, check) => {
    for (const r of records) expect(check(r), `${r.id} ${r.name}`).toBe(true);
  });

  test('contract: data source full record row meterSchema — only with withSchema=true; metrics[] with metric {id, name}, uom, displayName, isRequired; calculated metrics omitted', async () => {
    const energy = records.find((r) => r.id === sourceOf(c.sb, kind('energy')).id)!;
    expect(energy.metrics?.map((m) => m.metricId)).toEqual(['1101', '1102', '1103', '1104']);
    expect(energy.metrics?.[0]).toMatchObject({
      name: 'Active Power',
      displayName: 'Active Power',
      unitLabel: 'kW',
      isRequired: true,
    });
    const without = await c.client.dataSources.get(energy.id);
    expect(without.metrics).toBeNull();
    expect(without.meterSchema ?? null).toBeNull();
  });

  test('contract: data source full record row formConfig — on form sources: order, required, properties', () => {
    const form = records.find((r) => r.id === sourceOf(c.sb, kind('form')).id)!;
    expect(form.formConfig).toEqual(
      expect.objectContaining({
        order: expect.anything(),
        required: expect.anything(),
        properties: expect.anything(),
      }),
    );
  });

  test('contract: data source full record row cv — on camera sources (counting lines, shifts, posting intervals)', () => {
    const cam = records.find((r) => r.id === sourceOf(c.sb, kind('camera')).id)!;
    expect(isObj(cam.cv)).toBe(true);
  });

  test('contract: data source full record row connection fields — ipAddress, port, modbus on metered devices', () => {
    const energy = records.find((r) => r.id === sourceOf(c.sb, kind('energy')).id)!;
    expect(energy).toEqual(
      expect.objectContaining({
        ipAddress: expect.anything(),
        port: expect.anything(),
        modbus: expect.anything(),
      }),
    );
  });
});

describe('states', () => {
  test.each([
    [10, 'Pending Validation'],
    [20, 'Valid'],
    [30, 'Invalid'],
  ])(
    'contract: states — validationStatus %i is %s (bare number in the list, object in the record)',
    async (id, name) => {
      const rows = await collect(c.client.dataSources.list({ limit: 100 }));
      const row = rows.find((r) => r.validationStatus === id);
      expect(row, `a source with validationStatus ${id}`).toBeDefined();
      const record = await c.client.dataSources.get(row!.id);
      expect(record.validationStatus).toEqual({ id: String(id), name });
    },
  );

  test('contract: states — activityStatus names include Active and Pending Readings (id 40)', async () => {
    const rows = await collect(c.client.dataSources.list({ limit: 100 }));
    const records = await Promise.all(rows.map((r) => c.client.dataSources.get(r.id)));
    const names = new Set(records.map((r) => r.activityStatus?.name));
    expect(names.has('Active')).toBe(true);
    expect(records.find((r) => r.activityStatus?.name === 'Pending Readings')?.activityStatus?.id).toBe('40');
  });
});
