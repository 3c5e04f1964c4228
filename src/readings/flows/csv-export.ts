/**
 * CSV export to Slack: GET /export over the range, download the file from its pre-signed URL (the client
 * sends no auth there — contract: section 7 and Authentication rule 4) and share it into the conversation
 * (kit/slack-files/upload-file.ts).
 */
import { shareFile, type ShareTarget } from '../../kit/slack-files/upload-file.ts';
import type { WebClient } from '@slack/web-api';
import type { DataSource, MonitoringApi } from '../../monitoring/api.ts';
import { CsvRangeFilter } from '../rules/csv-range.ts';
import { toTimeRange, zoneOrUtc, type ResolvedRange } from '../rules/range.ts';

/** Exports above this size are refused rather than buffered (Slack's own upload limit is 1 GB). */
export const MAX_EXPORT_BYTES = 200 * 1024 * 1024;

export type ExportOutcome =
  | { kind: 'empty' }
  | { kind: 'too-large'; bytes: number }
  | { kind: 'uploaded'; fileName: string; rows: number; bytes: number };

export function exportFileName(sourceName: string, range: ResolvedRange): string {
  const slug = sourceName
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80);
  return `${slug || 'readings'}_${range.slug}.csv`;
}

export async function exportToSlack(
  monitoring: MonitoringApi,
  client: WebClient,
  args: {
    source: DataSource;
    range: ResolvedRange;
    /** Where the file goes, or how to open that place once there is a file (a DM opened for nothing is noise). */
    to: ShareTarget | (() => Promise<ShareTarget>);
  },
  signal?: AbortSignal,
): Promise<ExportOutcome> {
  const { source, range } = args;
  // contract: section 7 — {data: null} when the range holds no readings.
  const found = await monitoring.readings.exportCsv(source.id, toTimeRange(range), signal);
  if (!found) return { kind: 'empty' };
  const download = await monitoring.download(found.fileUrl, signal);
  // the rows of [start, end) only, as the report and the chart count them (../rules/csv-range.ts)
  const filter = new CsvRangeFilter(range, zoneOrUtc(source.tzTimezoneName));
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  for await (const chunk of download.body) {
    bytes += chunk.length;
    if (bytes > MAX_EXPORT_BYTES) return { kind: 'too-large', bytes };
    // copied: the download may reuse its buffers
    chunks.push(...filter.push(Buffer.from(chunk)));
  }
  chunks.push(...filter.end());
  const rows = filter.rows;
  if (rows === 0) return { kind: 'empty' };
  const file = Buffer.concat(chunks);
  const fileName = exportFileName(source.name, range);
  const to = typeof args.to === 'function' ? await args.to() : args.to;
  await shareFile(client, { bytes: file, filename: fileName, title: `${source.name} — ${range.label}` }, to);
  return { kind: 'uploaded', fileName, rows, bytes: file.length };
}
