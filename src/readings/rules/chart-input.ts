/** Puts downsampled series together with metric names and units into the chart's input. Pure. */
import type { ChartInput, ChartSeries } from './chart-svg.ts';
import type { Downsampler } from './downsample.ts';
import type { MetricInfo } from './metric-catalog.ts';
import type { ResolvedRange } from './range.ts';

/** `YYYY-MM-DDTHH:mm:ss` → `YYYY-MM-DD HH:mm`. */
const toMinute = (local: string) => local.slice(0, 16).replace('T', ' ');

export class ChartInputBuilder {
  constructor(
    private readonly title: string,
    private readonly range: ResolvedRange,
    private readonly zone: string,
  ) {}

  /** Null when no numeric metric of the catalog has a value in the range. */
  build(down: Downsampler, catalog: readonly MetricInfo[]): ChartInput | null {
    const order = new Map(catalog.map((m, i) => [m.metricId, i]));
    const series: ChartSeries[] = down
      .result()
      .filter((s) => order.has(s.metricId) && s.buckets.length > 0)
      .sort((a, b) => (order.get(a.metricId) ?? 0) - (order.get(b.metricId) ?? 0))
      .map((s) => {
        const info = catalog[order.get(s.metricId) ?? 0];
        return { ...s, label: info?.label ?? s.metricId, unit: info?.unit ?? null };
      });
    if (series.length === 0) return null;
    return {
      title: this.title,
      // To the minute: readings come a minute apart at most, and a chart whose text changed every second would be
      // drawn again for every answer (../chart/chart-cache.ts keys on what the picture shows). The report gives seconds.
      subtitle: `${this.range.label} · ${toMinute(this.range.startLocal)} → ${toMinute(this.range.endLocal)} (${this.zone})`,
      zone: this.zone,
      startMs: this.range.startMs,
      endMs: this.range.endMs,
      bucketMs: down.bucketMs,
      series,
    };
  }
}
