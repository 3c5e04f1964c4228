/**
 * Every /reading range form, read in the data source's site time zone and sent in the contract's absolute
 * local form, with the clock fixed just after a daylight-saving change (America/Chicago, 2026-11-01).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { expectValidBlockKit, sandboxRows } from './source-helpers.ts';
import { readingAnswer, readingWindows } from './flow-helpers.ts';

const NOW = Date.parse('2026-11-03T12:00:00Z'); // 06:00 CST in Chicago
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => NOW }, sandbox: { now: () => NOW } });
});
afterAll(() => checkBlockKitAndStop(h));

const SOURCE = 'Line 1 Energy Meter'; // Chicago Works, a reading every 15 minutes

describe('/reading range forms in site time (America/Chicago)', () => {
  it.each([
    ['1h', 'last 1 h', '2026-11-03T05:00:00', '2026-11-03T06:00:00'],
    ['24h', 'last 24 h', '2026-11-02T06:00:00', '2026-11-03T06:00:00'],
    ['7d', 'last 7 days', '2026-10-27T06:00:00', '2026-11-03T06:00:00'],
    ['30d', 'last 30 days', '2026-10-04T06:00:00', '2026-11-03T06:00:00'],
    ['today', 'today (2026-11-03)', '2026-11-03T00:00:00', '2026-11-04T00:00:00'],
    ['yesterday', 'yesterday (2026-11-02)', '2026-11-02T00:00:00', '2026-11-03T00:00:00'],
    ['2026-10-30..2026-11-01', '2026-10-30 to 2026-11-01', '2026-10-30T00:00:00', '2026-11-02T00:00:00'],
    [
      '2026-11-01 08:00..2026-11-01 16:00',
      '2026-11-01 08:00 to 2026-11-01 16:00',
      '2026-11-01T08:00:00',
      '2026-11-01T16:00:00',
    ],
    ['', 'last 24 h', '2026-11-02T06:00:00', '2026-11-03T06:00:00'],
  ])('"%s" asks for %s as %s..%s', async (range, label, start, end) => {
    h.sandbox.admin.clearRequests();
    const { json } = await readingAnswer(h, `${SOURCE} ${range}`.trim());
    expect(json).toContain(`${SOURCE} — ${label}`);
    expect(readingWindows(h)[0]).toEqual([start, end]);
  });

  it('counts the 25 readings-hours of the fall-back day: 100 readings at 15-minute intervals', async () => {
    const { json } = await readingAnswer(h, `${SOURCE} 2026-11-01..2026-11-01`);
    expect(json).toContain('2026-11-01 00:00 → 2026-11-02 00:00 site time (America/Chicago)');
    expect(json).toContain('· 100 readings');
  });

  it('checks every answer’s numbers against the sandbox’s own rows', async () => {
    const { json } = await readingAnswer(h, `${SOURCE} yesterday`);
    const start = Date.parse('2026-11-02T06:00:00Z');
    const end = Date.parse('2026-11-03T06:00:00Z');
    const id = h.sandbox.admin.state.sources.find((s) => s.name === SOURCE)!.id;
    const rows = (await sandboxRows(h, id, '2026-11-02T00:00:00', '2026-11-03T00:00:00')).filter((r) => {
      const t = Date.parse(String(r.event_date));
      return t >= start && t < end;
    });
    expect(json).toContain(`· ${rows.length} readings`);
    const power = rows.map((r) => r['1101']).filter((v): v is number => typeof v === 'number');
    const mean = power.reduce((a, b) => a + b, 0) / power.length;
    const fmt = (v: number) => v.toLocaleString('en-US', { maximumFractionDigits: 2 });
    expect(json).toContain(
      `min ${fmt(Math.min(...power))} · max ${fmt(Math.max(...power))} · mean ${fmt(mean)} · ${power.length} values`,
    );
    const states = rows.map((r) => r['1104']);
    const newest = rows.reduce((a, b) =>
      Date.parse(String(a.event_date)) > Date.parse(String(b.event_date)) ? a : b,
    );
    expect(json).toContain(`*Breaker State*\\nLatest *${String(newest['1104'])}*`);
    expect(json).toContain(`${states.filter((s) => typeof s === 'string').length} values`);
    const gaps = states.filter((s) => s === null).length;
    if (gaps > 0) expect(json).toContain(`${gaps} gap`);
    expectValidBlockKit(h.standin);
  });
});
