/**
 * The chart read on a phone: Slack shows it about 324 px wide there, so it is drawn phone-shaped (480 units wide,
 * rasterised at twice that), every text at least 11 px at that width, one panel per metric stacked, and at most
 * five time labels on whole site-local steps.
 */
import { describe, expect, it } from 'vitest';
import { rasterise } from '../../src/readings/chart/chart-png.ts';
import { ChartInputBuilder } from '../../src/readings/rules/chart-input.ts';
import {
  CHART_WIDTH,
  MAX_TIME_TICKS,
  renderChartSvg,
  timeTicks,
} from '../../src/readings/rules/chart-svg.ts';
import { Downsampler } from '../../src/readings/rules/downsample.ts';
import { resolveRange, type RangeSpec } from '../../src/readings/rules/range.ts';

const PHONE_WIDTH = 324;
const CHI = 'America/Chicago';
const NOW = Date.parse('2026-11-03T21:17:00Z'); // 15:17 CST

function chartOf(spec: RangeSpec, metrics = 3, now = NOW, zone = CHI) {
  const range = resolveRange(spec, zone, now);
  const down = new Downsampler(range.startMs, range.endMs);
  for (let t = Math.ceil(range.startMs / 900_000) * 900_000; t < range.endMs; t += 900_000)
    for (let m = 0; m < metrics; m++) down.add(`m${m}`, t, 100 * (m + 1) + Math.sin(t / 3_600_000) * 20);
  const catalog = Array.from({ length: metrics }, (_, m) => ({
    metricId: `m${m}`,
    label: `Metric ${m}`,
    unit: 'kW',
    kind: 'number' as const,
    required: false,
  }));
  const chart = new ChartInputBuilder('Line 1 Energy Meter', range, zone).build(down, catalog);
  if (!chart) throw new Error('no chart');
  return chart;
}

describe('the chart at phone width', () => {
  it('is phone-shaped with every text at least 11 px where a phone shows it 324 px wide', () => {
    const svg = renderChartSvg(chartOf({ kind: 'yesterday' }));
    const width = Number(/<svg[^>]* width="(\d+)"/.exec(svg)?.[1]);
    const height = Number(/<svg[^>]* height="(\d+)"/.exec(svg)?.[1]);
    expect(width).toBe(CHART_WIDTH);
    expect(height).toBeGreaterThan(width);
    const sizes = [...svg.matchAll(/font-size:(\d+)px/g)].map((m) => Number(m[1]));
    expect(sizes.length).toBeGreaterThan(3);
    expect(Math.min(...sizes) * (PHONE_WIDTH / width)).toBeGreaterThanOrEqual(11);
  });

  it('stacks one panel per metric, each with its own time labels', () => {
    const svg = renderChartSvg(chartOf({ kind: 'yesterday' }, 3));
    expect(svg.match(/class="frame"/g)).toHaveLength(3);
    expect(svg.match(/>06:00</g)).toHaveLength(3);
  });

  it('labels yesterday at 00:00, 06:00, 12:00, 18:00, 00:00 site time — the 25-hour day too', () => {
    expect(timeTicks(chartOf({ kind: 'yesterday' })).map((t) => t.label)).toEqual([
      '00:00',
      '06:00',
      '12:00',
      '18:00',
      '00:00',
    ]);
    const fallBack = chartOf({ kind: 'yesterday' }, 1, Date.parse('2026-11-02T18:00:00Z'));
    const ticks = timeTicks(fallBack);
    expect(ticks.map((t) => t.label)).toEqual(['00:00', '06:00', '12:00', '18:00', '00:00']);
    // 06:00 is 7 of the day's 25 hours in (01:00 came twice)
    const [first, six, , , last] = ticks.map((t) => t.x);
    expect(((six ?? 0) - (first ?? 0)) / ((last ?? 0) - (first ?? 0))).toBeCloseTo(7 / 25, 3);
  });

  it.each<[string, RangeSpec, RegExp]>([
    ['this shift', { kind: 'shift' }, /^\d\d:\d\d$/],
    ['24h', { kind: 'last', amount: 24, unit: 'h' }, /^(\d\d:\d\d|\d\d-\d\d)$/],
    ['7d', { kind: 'last', amount: 7, unit: 'd' }, /^\d\d-\d\d$/],
    ['30d', { kind: 'last', amount: 30, unit: 'd' }, /^\d\d-\d\d$/],
    ['366d', { kind: 'last', amount: 366, unit: 'd' }, /^\d{4}-\d\d$/],
    ['10 minutes', { kind: 'datetimes', from: '2026-11-03 08:00', to: '2026-11-03 08:10' }, /^\d\d:\d\d$/],
  ])('gives %s two to five time labels on whole steps', (_name, spec, shape) => {
    const ticks = timeTicks(chartOf(spec, 1));
    expect(ticks.length).toBeGreaterThanOrEqual(2);
    expect(ticks.length).toBeLessThanOrEqual(MAX_TIME_TICKS);
    for (const t of ticks) expect(t.label).toMatch(shape);
    const xs = ticks.map((t) => t.x);
    expect([...xs].sort((a, b) => a - b)).toEqual(xs);
  });

  it('is rasterised at twice its size, sharp on a phone’s dense screen', async () => {
    const png = await rasterise(renderChartSvg(chartOf({ kind: 'yesterday' }, 1)));
    expect(png.readUInt32BE(16)).toBe(2 * CHART_WIDTH);
  });
});
