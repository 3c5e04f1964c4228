/**
 * Which column names of a data source's exports are metrics the platform calculates. The template and the
 * schema omit them (contract: section 2 meterSchema, section 5 "Calculated metrics are omitted"), while an
 * export carries every metric (section 7: "timestamp, followed by metric names"): the difference is the
 * calculated ones. Asked only when a file has columns the template does not name.
 */
import type { DataSource, MonitoringApi } from '../../monitoring/api.ts';
import { templateColumns } from '../rules/csv-check.ts';
import { toLocalForm, zoneOrUtc } from '../rules/range.ts';

/** The header is read and the download dropped: at most this much of an export is read. */
const MAX_HEADER_BYTES = 64 * 1024;
const PROBE_DAYS = 30;

export async function calculatedColumns(
  monitoring: MonitoringApi,
  source: DataSource,
  template: string,
  now: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const header = await exportHeader(monitoring, source, now, signal);
  const writable = new Set([
    ...templateColumns(template),
    ...(source.metrics ?? []).flatMap((m) => [m.name, m.displayName, m.metricId]),
  ]);
  return header.filter((name) => name !== 'timestamp' && !writable.has(name));
}

async function exportHeader(
  monitoring: MonitoringApi,
  source: DataSource,
  now: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const zone = zoneOrUtc(source.tzTimezoneName);
  const recent = {
    mode: 'absolute' as const,
    startTime: toLocalForm(now - PROBE_DAYS * 86_400_000, zone),
    endTime: toLocalForm(now, zone),
  };
  // contract: section 7 — {data: null} when the range holds no readings; all time parameters are optional.
  const found =
    (await monitoring.readings.exportCsv(source.id, recent, signal)) ??
    (await monitoring.readings.exportCsv(source.id, undefined, signal));
  if (!found) return [];
  const stop = new AbortController();
  const both = signal ? AbortSignal.any([signal, stop.signal]) : stop.signal;
  const download = await monitoring.download(found.fileUrl, both);
  const chunks: Buffer[] = [];
  let bytes = 0;
  try {
    for await (const chunk of download.body) {
      chunks.push(Buffer.from(chunk));
      bytes += chunk.length;
      if (chunk.includes(0x0a) || bytes >= MAX_HEADER_BYTES) break;
    }
  } finally {
    stop.abort();
  }
  const text = Buffer.concat(chunks).toString('utf8');
  return templateColumns(text.split(/\r?\n/)[0] ?? '');
}
