/**
 * The same chart asked for again (a team looking at one meter, the same range, within minutes) is drawn once: its
 * PNG is kept by a hash of the chart's input, so neither the SVG nor the PNG is made again (renderChartSvg is pure:
 * the same input is the same picture).
 */
import { createHash } from 'node:crypto';
import { rasterise, recentPngs, type DrawPng } from './chart-png.ts';
import { renderChartSvg, slotOf, timeTicks, type ChartInput } from '../rules/chart-svg.ts';

/**
 * Everything the SVG shows: the texts, the axis labels and the scale as JSON, then each series' buckets (slot on the
 * axis, min, max) as raw doubles, far cheaper to hash than drawing the SVG. Clock time enters only through the
 * texts and labels, so "last 24 h" asked again within the same second is the same chart. The bucket counts in the
 * JSON fix where each series ends.
 */
export function chartKey(input: ChartInput): string {
  const hash = createHash('sha256');
  const { title, subtitle, startMs, endMs, bucketMs, series } = input;
  const ticks = timeTicks(input).map((t) => [t.label, t.x.toFixed(1)]);
  const labels = series.map((s) => [s.label, s.unit, s.buckets.length]);
  hash.update(JSON.stringify([title, subtitle, endMs - startMs, bucketMs, ticks, labels]));
  for (const s of series) {
    const cells = new Float64Array(s.buckets.length * 3);
    let i = 0;
    for (const b of s.buckets) {
      cells[i++] = slotOf(b, input);
      cells[i++] = b.min;
      cells[i++] = b.max;
    }
    hash.update(new Uint8Array(cells.buffer));
  }
  return hash.digest('hex');
}

/** The readings chart as PNG: its SVG drawn and rasterised at most once per RECENT_CHART_MS for the same input. */
export const chartPng: DrawPng<ChartInput> = recentPngs(
  chartKey,
  (input, signal) => rasterise(renderChartSvg(input), signal),
  () => Date.now(),
);
