/** A chart asked for again is drawn once: kept by a hash of everything its SVG shows, answered as a copy. */
import { describe, expect, it } from 'vitest';
import { chartKey, chartPng } from '../../src/readings/chart/chart-cache.ts';
import { PNG_SIGNATURE, rasterise, recentPngs, RECENT_CHART_MS } from '../../src/readings/chart/chart-png.ts';
import { renderChartSvg, type ChartInput } from '../../src/readings/rules/chart-svg.ts';
import { Downsampler } from '../../src/readings/rules/downsample.ts';

const START = Date.parse('2026-10-01T00:00:00Z');
const MINUTE = 60_000;

function input(rows = 600, subtitle = 'last 10 h · Europe/Berlin'): ChartInput {
  const d = new Downsampler(START, START + rows * MINUTE);
  for (let i = 0; i < rows; i++) {
    d.add('m0', START + i * MINUTE, Math.sin(i / 50) * 10);
    d.add('m1', START + i * MINUTE, i % 7);
  }
  return {
    title: 'Boiler 1',
    subtitle,
    zone: 'Europe/Berlin',
    startMs: START,
    endMs: START + rows * MINUTE,
    bucketMs: d.bucketMs,
    series: d.result().map((s, i) => ({ ...s, label: `Metric ${i}`, unit: i ? 'kWh' : null })),
  };
}

/** `base` with one bucket of its first series changed by `change`. */
function withBucket(base: ChartInput, change: Partial<ChartInput['series'][number]['buckets'][number]>) {
  const [first, ...rest] = base.series;
  if (!first) throw new Error('no series');
  const buckets = first.buckets.map((b, i) => (i === 10 ? { ...b, ...change } : b));
  return { ...base, series: [{ ...first, buckets }, ...rest] };
}

describe('chart key', () => {
  it('is the same for the same picture and differs for any change the SVG shows', () => {
    const base = input();
    const key = chartKey(base);
    expect(chartKey(input())).toBe(key);
    const changed = [
      withBucket(base, { max: 99 }),
      withBucket(base, { min: -99 }),
      withBucket(base, { startMs: (base.series[0]?.buckets[10]?.startMs ?? 0) + base.bucketMs / 2 }),
      input(600, 'last 10 h · UTC'),
      { ...base, title: 'Boiler 2' },
      { ...base, zone: 'UTC' },
      { ...base, endMs: base.endMs + 1 },
      { ...base, series: base.series.map((s) => ({ ...s, unit: 'kW' })) },
      { ...base, series: base.series.slice(0, 1) },
    ];
    const keys = new Set(changed.map(chartKey));
    expect(keys.size).toBe(changed.length);
    expect(keys.has(key)).toBe(false);
  });

  it('is the same chart when the same range and data are asked for again a moment later', () => {
    const base = input();
    const shift = (ms: number) => ms + 250;
    const later = {
      ...base,
      startMs: shift(base.startMs),
      endMs: shift(base.endMs),
      series: base.series.map((s) => ({
        ...s,
        buckets: s.buckets.map((b) => ({ ...b, startMs: shift(b.startMs) })),
      })),
    };
    expect(chartKey(later)).toBe(chartKey(base));
    expect(renderChartSvg(later)).toBe(renderChartSvg(base));
  });

  it('ignores what the SVG does not show (how many readings a bucket holds, the metric id)', () => {
    const base = input();
    const same = withBucket(
      { ...base, series: base.series.map((s) => ({ ...s, metricId: 'x' })) },
      { count: 7 },
    );
    expect(chartKey(same)).toBe(chartKey(base));
    expect(renderChartSvg(same)).toBe(renderChartSvg(base));
  });
});

describe('recent charts', () => {
  function counting() {
    const clock = { t: 0 };
    const drawn: string[] = [];
    const draw = recentPngs(
      (name: string) => name,
      (name) => {
        drawn.push(name);
        return Promise.resolve(Buffer.from(`png of ${name}`));
      },
      () => clock.t,
    );
    return { clock, drawn, draw };
  }

  it('draws a chart asked for again once within RECENT_CHART_MS, each answer its own copy', async () => {
    const { clock, drawn, draw } = counting();
    const first = await draw('a');
    first.fill(0);
    clock.t = RECENT_CHART_MS;
    const again = await draw('a');
    expect(again.toString()).toBe('png of a');
    expect(drawn).toEqual(['a']);
    clock.t = 2 * RECENT_CHART_MS + 1;
    await draw('a');
    await draw('b');
    expect(drawn).toEqual(['a', 'a', 'b']);
  });

  it('answers the readings chart with the PNG of its SVG', async () => {
    const chart = input(900);
    const png = await chartPng(chart);
    expect(Buffer.from(png.subarray(0, 8)).equals(Buffer.from(PNG_SIGNATURE))).toBe(true);
    expect(png.equals(await rasterise(renderChartSvg(chart)))).toBe(true);
    expect((await chartPng(input(900))).equals(png)).toBe(true);
  });
});
