/**
 * /reading's answer: streams every page of GET /reading over the range (limit 500) through the summary and
 * the chart's downsampler, so memory is bounded by metrics × buckets however many rows the range holds.
 */
import type { DataSource, MonitoringApi, ReadingRow } from '../../monitoring/api.ts';
import { paginateAhead } from '../../monitoring/paging.ts';
import { ChartInputBuilder } from '../rules/chart-input.ts';
import type { ChartInput } from '../rules/chart-svg.ts';
import { Downsampler } from '../rules/downsample.ts';
import { hasSchema, metricCatalog, type MetricInfo } from '../rules/metric-catalog.ts';
import {
  inRange,
  resolveRange,
  toTimeRange,
  zoneOrUtc,
  type RangeSpec,
  type ResolvedRange,
} from '../rules/range.ts';
import { ReadingSummary, type MetricStats, type SummaryResult } from '../rules/summary.ts';

/** contract: section 3 — limit 1 to 500; the largest page means the fewest round trips. */
export const READING_PAGE_LIMIT = 500;

export interface MetricReport {
  info: MetricInfo;
  stats: MetricStats | null;
  /** Latest value outside the range (the source's last reading), shown when the range has none. */
  lastKnown: { value: number | string; atMs: number } | null;
}

export interface ReadingReport {
  source: DataSource;
  zone: string;
  spec: RangeSpec;
  range: ResolvedRange;
  summary: SummaryResult;
  metrics: MetricReport[];
  /** Null when nothing numeric fell in the range. */
  chart: ChartInput | null;
  /** Whether names come from the schema (false: raw metric ids are shown). */
  named: boolean;
}

export async function loadSource(
  monitoring: MonitoringApi,
  id: string,
  signal?: AbortSignal,
): Promise<DataSource> {
  // contract: section 2 — withSchema=true on a source without a schema fails with 500; the client retries
  // without it and reports schemaMissing.
  return monitoring.dataSources.get(id, { withSchema: true, withLastReading: true }, signal);
}

export async function buildReadingReport(
  monitoring: MonitoringApi,
  source: DataSource,
  spec: RangeSpec,
  /** The range resolved by the caller, or the clock to resolve `spec` against (with the default shift rule). */
  rangeOrNow: ResolvedRange | number,
  signal?: AbortSignal,
): Promise<ReadingReport> {
  const zone = zoneOrUtc(source.tzTimezoneName);
  const range = typeof rangeOrNow === 'number' ? resolveRange(spec, zone, rangeOrNow) : rangeOrNow;
  const summary = new ReadingSummary();
  const down = new Downsampler(range.startMs, range.endMs);
  const sample: ReadingRow[] = [];
  // chart slots go to schema metrics only: calculated metrics (absent from the schema) must not take them
  const charted = hasSchema(source) ? new Set((source.metrics ?? []).map((m) => m.metricId)) : null;
  const query = { meterId: source.id, range: toTimeRange(range), limit: READING_PAGE_LIMIT };
  // The report reads every page, so the next page is requested while this one is summarised: the summary's
  // CPU time overlaps the round trip instead of adding to it. Still the minimal number of pages.
  const pages = paginateAhead((lastValue, s) => monitoring.readings.queryPage(query, lastValue, s), signal);
  for await (const page of pages) {
    for (const row of page.rows) {
      const atMs = Date.parse(row.eventDate);
      // the range is half-open [start, end) whatever the service does at the edges (the export does the same)
      if (Number.isNaN(atMs) || !inRange(range, atMs)) continue;
      summary.add(row, atMs);
      if (sample.length < 3) sample.push(row);
      for (const metricId in row.values) {
        if (!charted || charted.has(metricId)) down.add(metricId, atMs, row.values[metricId]);
      }
    }
  }
  const result = summary.result();
  const named = hasSchema(source);
  const catalog = metricCatalog(source, sample);
  const byId = new Map(result.metrics.map((m) => [m.metricId, m]));
  const last = source.lastReading;
  const lastAt = last ? Date.parse(last.eventDate) : NaN;
  const metrics = catalog.map((info): MetricReport => {
    const value = last?.values[info.metricId];
    const lastKnown =
      value !== undefined && value !== null && !Number.isNaN(lastAt) ? { value, atMs: lastAt } : null;
    return { info, stats: byId.get(info.metricId) ?? null, lastKnown };
  });
  const chart = new ChartInputBuilder(source.name, range, zone).build(down, catalog);
  return { source, zone, spec, range, summary: result, metrics, chart, named };
}
