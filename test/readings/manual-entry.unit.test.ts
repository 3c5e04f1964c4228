import { describe, expect, it } from 'vitest';
import { buildEntry } from '../../src/readings/rules/manual-entry.ts';
import type { MetricInfo } from '../../src/readings/rules/metric-catalog.ts';

const catalog: MetricInfo[] = [
  { metricId: '1101', label: 'Active Power', unit: 'kW', kind: 'number', required: true },
  { metricId: '1102', label: 'Energy', unit: 'kWh', kind: 'number', required: false },
  { metricId: '1104', label: 'Breaker State', unit: null, kind: 'text', required: false },
];
const NOW = Date.parse('2026-11-21T06:00:00Z');

/** What the Enter reading modal of source 1001 (the catalog above) builds from what was typed, at NOW. */
const entry = (values: Record<string, string>, timestampSec: number | null = null) =>
  buildEntry('1001', catalog, { values, timestampSec }, NOW);

describe('buildEntry', () => {
  it('builds exactly one meter object with only timestamp and values; blank metrics are left out', () => {
    const r = entry({ '1101': ' 12.5 ', '1102': '', '1104': 'OPEN' });
    expect(r).toEqual({
      ok: true,
      batch: [{ meterId: '1001', readings: [{ timestamp: null, values: { '1101': 12.5, '1104': 'OPEN' } }] }],
    });
    if (r.ok) expect(Object.keys(r.batch[0]!.readings[0]!)).toEqual(['timestamp', 'values']);
  });

  it('sends a picked time as ISO 8601 UTC', () => {
    const r = entry({ '1101': '1' }, 1_795_000_000);
    expect(r.ok && r.batch[0]?.readings[0]?.timestamp).toBe('2026-11-18T11:06:40.000Z');
  });

  it.each(['lots', '1,2.3.4', '12kW', 'NaN', 'Infinity', '0x10'])(
    'refuses %j in a number field, naming the metric',
    (typed) => {
      const r = entry({ '1101': typed });
      expect(r).toEqual({
        ok: false,
        errors: { '1101': `Active Power takes a number (kW); "${typed}" is not one.` },
      });
    },
  );

  it('accepts thousands separators, signs and exponents', () => {
    const r = entry({ '1101': '-1,250.5', '1102': '2e3' });
    expect(r.ok && r.batch[0]?.readings[0]?.values).toEqual({ '1101': -1250.5, '1102': 2000 });
  });

  it('requires required metrics and refuses a time in the future', () => {
    const r = entry({ '1104': 'OPEN' }, NOW / 1000 + 3600);
    expect(r).toEqual({
      ok: false,
      errors: { '1101': 'Active Power is required.', timestamp: 'The reading time is in the future.' },
    });
  });

  it('asks for at least one value when everything is blank', () => {
    const optional = catalog.map((m) => ({ ...m, required: false }));
    expect(buildEntry('1001', optional, { values: {}, timestampSec: null }, NOW)).toEqual({
      ok: false,
      errors: { '1101': 'Enter at least one value.' },
    });
  });

  it.each([
    ['=HYPERLINK("http://evil","click")', '"="'],
    ['+cmd', '"+"'],
    ['-1+1', '"-"'],
    ['@SUM(A1)', '"@"'],
    ['\tOPEN', 'a tab'],
    ['\r=1', 'a carriage return'],
  ])('refuses the text value %j a spreadsheet would run, saying which character and why', (typed, start) => {
    const r = entry({ '1101': '1', '1104': typed });
    expect(r.ok).toBe(false);
    const message = r.ok ? '' : (r.errors['1104'] ?? '');
    expect(message).toContain(`Breaker State starts with ${start}`);
    expect(message).toContain('spreadsheets run as a formula');
  });

  it('still takes a negative number in a number field', () => {
    const r = entry({ '1101': '-3', '1104': 'OPEN' });
    expect(r.ok).toBe(true);
  });

  it.each([
    ['-5', 'People In is a count: it cannot be negative.'],
    ['2.5', 'People In is a count: enter a whole number.'],
  ])('refuses %j for a count-like metric', (typed, error) => {
    const counts: MetricInfo[] = [
      { metricId: '3101', label: 'People In', unit: null, kind: 'number', required: false, count: true },
    ];
    expect(buildEntry('1007', counts, { values: { '3101': typed }, timestampSec: null }, NOW)).toEqual({
      ok: false,
      errors: { '3101': error },
    });
    expect(buildEntry('1007', counts, { values: { '3101': '0' }, timestampSec: null }, NOW).ok).toBe(true);
  });
});
