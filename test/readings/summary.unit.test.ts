import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { ReadingSummary } from '../../src/readings/rules/summary.ts';
import type { ReadingRow } from '../../src/monitoring/api.ts';

const row = (iso: string, values: ReadingRow['values']): ReadingRow => ({
  meterId: 1,
  eventDate: iso,
  values,
});

describe('ReadingSummary', () => {
  it('computes min, max, mean, count and gaps per metric, and the latest value by time', () => {
    const s = new ReadingSummary();
    // newest first, as GET /reading returns by default
    s.add(row('2026-11-01T10:00:00.000000Z', { m1: 4, m2: 'ok', m3: null }));
    s.add(row('2026-11-01T09:00:00.000000Z', { m1: null, m2: 'warming', m3: null }));
    s.add(row('2026-11-01T08:00:00.000000Z', { m1: 1, m2: null, m3: 7 }));
    s.add(row('2026-11-01T07:00:00.000000Z', { m1: 10, m2: 'cold', m3: null }));
    const r = s.result();
    expect(r.rows).toBe(4);
    expect(r.firstMs).toBe(Date.parse('2026-11-01T07:00:00Z'));
    expect(r.lastMs).toBe(Date.parse('2026-11-01T10:00:00Z'));
    const byId = Object.fromEntries(r.metrics.map((m) => [m.metricId, m]));
    expect(byId.m1).toMatchObject({ count: 3, gaps: 1, min: 1, max: 10, mean: 5 });
    expect(byId.m1?.latest).toEqual({ value: 4, atMs: Date.parse('2026-11-01T10:00:00Z') });
    expect(byId.m2).toMatchObject({ count: 0, textCount: 3, gaps: 1, min: null, mean: null });
    expect(byId.m2?.latest?.value).toBe('ok');
    expect(byId.m3).toMatchObject({ count: 1, gaps: 3, min: 7, max: 7, mean: 7 });
    expect(byId.m3?.latest?.atMs).toBe(Date.parse('2026-11-01T08:00:00Z'));
  });

  it('skips rows whose event_date cannot be read and counts them', () => {
    const s = new ReadingSummary();
    expect(s.add(row('not a date', { m1: 1 }))).toBeNull();
    expect(s.result()).toMatchObject({ rows: 0, badTimestamps: 1, metrics: [] });
  });

  it('agrees with a direct computation for any values', () => {
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { nil: null }), {
          minLength: 1,
          maxLength: 300,
        }),
        (values) => {
          const s = new ReadingSummary();
          values.forEach((v, i) =>
            s.add(row(new Date(1_700_000_000_000 + i * 1000).toISOString(), { m: v })),
          );
          const m = s.result().metrics[0];
          const nums = values.filter((v): v is number => v !== null);
          expect(m?.count).toBe(nums.length);
          expect(m?.gaps).toBe(values.length - nums.length);
          if (nums.length === 0) {
            expect(m?.mean).toBeNull();
          } else {
            expect(m?.min).toBe(Math.min(...nums));
            expect(m?.max).toBe(Math.max(...nums));
            expect(m?.mean).toBeCloseTo(nums.reduce((a, b) => a + b, 0) / nums.length, 3);
          }
        },
      ),
    );
  });
});
