/**
 * Benchmark 3 — readings. `/reading <source> 30d` over 1-minute data (43,200 rows): fieldline's report
 * (every page streamed through the summary and the chart's downsampler) against a raw loop that only pages
 * GET /reading for the same rows with the same client; then the chart (SVG → PNG) render time and size.
 * The sandbox runs in its own process; runs alternate (raw, report, raw, report, …).
 */
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { createMonitoringClient } from '../src/monitoring/index.ts';
import { renderChartPng } from '../src/readings/chart/chart-png.ts';
import { renderChartSvg } from '../src/readings/rules/chart-svg.ts';
import { parseReadingArgs, resolveRange, toTimeRange, zoneOrUtc } from '../src/readings/rules/range.ts';
import {
  buildReadingReport,
  loadSource,
  READING_PAGE_LIMIT,
} from '../src/readings/service/reading-report.ts';
import { startChild } from './lib/child.ts';
import { median } from './lib/stats.ts';

export const READINGS_TARGET_RATIO = 1.1;
const SOURCE_ID = '1008';

export interface ReadingsResult {
  rows: number;
  pages: number;
  rawMs: number[];
  reportMs: number[];
  ratio: number;
  met: boolean;
  chartMs: number[];
  chartMedianMs: number;
  pngBytes: number;
  svgBytes: number;
  chartPoints: number;
}

const here = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export async function runReadings(opts: {
  days: number;
  reps: number;
  log(line: string): void;
}): Promise<ReadingsResult> {
  const sandbox = startChild(here('./children/sandbox.ts'), [
    JSON.stringify({ days: opts.days + 1, readingIntervalSeconds: 60 }),
  ]);
  await sandbox.ready;
  const info = await sandbox.request<{ url: string; apiKey: string }>('info');
  const monitoring = createMonitoringClient({ baseUrl: info.url, apiKey: info.apiKey });
  try {
    const now = Date.now();
    const spec = parseReadingArgs(`${SOURCE_ID} ${opts.days}d`).range;
    const source = await loadSource(monitoring, SOURCE_ID);
    const range = resolveRange(spec, zoneOrUtc(source.tzTimezoneName), now);
    const raw = async () => {
      let rows = 0;
      const query = { meterId: SOURCE_ID, range: toTimeRange(range), limit: READING_PAGE_LIMIT };
      for await (const row of monitoring.readings.query(query)) if (row) rows += 1;
      return rows;
    };
    const rawMs: number[] = [];
    const reportMs: number[] = [];
    let rows = 0;
    let report = await buildReadingReport(monitoring, source, spec, now);
    for (let i = 0; i < opts.reps; i++) {
      let t = performance.now();
      rows = await raw();
      rawMs.push(performance.now() - t);
      t = performance.now();
      report = await buildReadingReport(monitoring, source, spec, now);
      reportMs.push(performance.now() - t);
      opts.log(
        `readings rep ${i + 1}: raw ${rawMs.at(-1)?.toFixed(0)} ms, report ${reportMs.at(-1)?.toFixed(0)} ms, ${rows} rows`,
      );
    }
    const pages = (await sandbox.request<Record<string, number>>('takeRequests'))['GET /reading'] ?? 0;
    if (!report.chart) throw new Error('the report has no chart');
    const chartMs: number[] = [];
    let png = Buffer.alloc(0);
    let svg = '';
    for (let i = 0; i < opts.reps; i++) {
      const t = performance.now();
      svg = renderChartSvg(report.chart);
      png = await renderChartPng(svg);
      chartMs.push(performance.now() - t);
    }
    const ratio = median(reportMs) / median(rawMs);
    return {
      rows,
      pages: Math.round(pages / (2 * opts.reps + 1)),
      rawMs,
      reportMs,
      ratio,
      met: ratio <= READINGS_TARGET_RATIO,
      chartMs,
      chartMedianMs: median(chartMs),
      pngBytes: png.length,
      svgBytes: Buffer.byteLength(svg),
      chartPoints: report.chart.series.reduce((n, s) => n + s.buckets.length, 0),
    };
  } finally {
    await monitoring.close();
    await sandbox.stop();
  }
}
