import { describe, expect, it } from 'vitest';
import { Downsampler } from '../../src/readings/rules/downsample.ts';
import { niceTicks, renderChartSvg, xmlEscape } from '../../src/readings/rules/chart-svg.ts';
import { PNG_SIGNATURE, rasterise, renderChartPng } from '../../src/readings/chart/chart-png.ts';

const START = Date.parse('2026-10-01T00:00:00Z');
const MINUTE = 60_000;

function chartFor(rows: number, metrics: number) {
  const end = START + rows * MINUTE;
  const d = new Downsampler(START, end);
  for (let i = 0; i < rows; i++) {
    const t = START + i * MINUTE;
    for (let m = 0; m < metrics; m++) d.add(`m${m}`, t, Math.sin(i / (50 + m * 13)) * (m + 1) * 10 + (i % 7));
  }
  return renderChartSvg({
    title: 'Boiler <1> & "feed"',
    subtitle: 'last 30 days · Europe/Berlin',
    zone: 'Europe/Berlin',
    startMs: START,
    endMs: end,
    bucketMs: d.bucketMs,
    series: d.result().map((s, i) => ({ ...s, label: `Metric ${i}`, unit: i % 2 ? 'kWh' : null })),
  });
}

describe('readings chart', () => {
  it('renders 43,200 rows of three metrics to a bounded SVG and a PNG', async () => {
    const svg = chartFor(43_200, 3);
    expect(svg.length).toBeLessThan(60_000);
    expect(svg).toContain('Boiler &#60;1&#62; &#38; &#34;feed&#34;');
    const png = await renderChartPng(svg);
    expect(Buffer.from(png.subarray(0, 8)).equals(Buffer.from(PNG_SIGNATURE))).toBe(true);
    expect(png.length).toBeLessThan(400_000);
  });

  it('is no larger for 43,200 rows than for 4,320 rows beyond the bucket bound', () => {
    const big = chartFor(43_200, 2).length;
    const small = chartFor(4_320, 2).length;
    expect(big).toBeLessThan(small * 1.2);
  });

  it('joins readings sparser than the buckets into one line and breaks it only at a real gap', () => {
    const HOUR = 60 * MINUTE;
    const end = START + 24 * HOUR;
    const d = new Downsampler(START, end); // 240 buckets of 6 min: an hourly meter fills one in ten
    for (let h = 0; h < 24; h++) if (h < 8 || h >= 14) d.add('kw', START + h * HOUR, 100 + h);
    const svg = renderChartSvg({
      title: 'Meter',
      subtitle: 'last 24 h',
      zone: 'UTC',
      startMs: START,
      endMs: end,
      bucketMs: d.bucketMs,
      series: d.result().map((x) => ({ ...x, label: 'Active Power', unit: 'kW' })),
    });
    const lines = svg.match(/stroke-width="2\.5"/g) ?? [];
    const dots = svg.match(/stroke-width="5"/g) ?? [];
    expect({ lines: lines.length, dots: dots.length }).toEqual({ lines: 2, dots: 0 });
  });

  it('draws a placeholder when there is nothing numeric', async () => {
    const svg = renderChartSvg({
      title: 't',
      subtitle: 's',
      zone: 'UTC',
      startMs: 0,
      endMs: 1000,
      bucketMs: 10,
      series: [],
    });
    expect(svg).toContain('no numeric readings');
    const png = await renderChartPng(svg);
    expect(png[0]).toBe(0x89);
  });

  it('renders charts requested at the same time, each answer matching its own SVG', async () => {
    const svgs = [chartFor(600, 1), chartFor(6_000, 3), chartFor(60, 2)];
    const alone: Buffer[] = [];
    for (const svg of svgs) alone.push(await rasterise(svg));
    const together = await Promise.all(svgs.map((svg) => rasterise(svg)));
    expect(together.map((png) => png.length)).toEqual(alone.map((png) => png.length));
    expect(together.every((png, i) => png.equals(alone[i] ?? Buffer.alloc(0)))).toBe(true);
  });

  it('renders a chart asked for again once, and each answer is its own copy', async () => {
    const svg = chartFor(600, 2);
    const first = await renderChartPng(svg);
    const expected = Buffer.from(first);
    first.fill(0);
    const again = await renderChartPng(svg);
    expect(again.equals(expected)).toBe(true);
  });

  it('rejects a cancelled render with the reason and keeps rendering afterwards', async () => {
    const controller = new AbortController();
    const pending = renderChartPng(chartFor(6_000, 3), controller.signal);
    controller.abort(new Error('user left'));
    await expect(pending).rejects.toThrow('user left');
    const png = await renderChartPng(chartFor(60, 1));
    expect(Buffer.from(png.subarray(0, 8)).equals(Buffer.from(PNG_SIGNATURE))).toBe(true);
  });

  it('reports an SVG resvg cannot read as a chart render error', async () => {
    await expect(renderChartPng('not an svg')).rejects.toMatchObject({ code: 'CHART_RENDER_FAILED' });
  });

  it('picks round tick values and escapes XML', () => {
    expect(niceTicks(0, 10)).toEqual([0, 2.5, 5, 7.5, 10]);
    expect(niceTicks(3, 3)).toEqual([3]);
    expect(xmlEscape(`<a href="x">'&'</a>`)).not.toMatch(/[<>"']/);
  });
});
