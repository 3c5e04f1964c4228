/** The /reading answer: per metric latest value, min, max, mean, count and gaps over the range. Pure. */
import type { MetricReport, ReadingReport } from '../service/reading-report.ts';
import { escapeMrkdwn, safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { formatNumber, mrkdwn, plain, siteTime, valueText, whenText } from './reading-format.ts';
import { encodeSourceRange, SOURCE_ACTION } from './source-ids.ts';

/** 50 blocks per message: header, context, up to this many metrics, notes and buttons. */
export const MAX_METRIC_BLOCKS = 40;

function metricText(m: MetricReport, zone: string, showLastKnown: boolean): string {
  const { info, stats } = m;
  const unit = info.unit && info.kind === 'number' ? ` (${escapeMrkdwn(info.unit)})` : '';
  const lines = [`*${safeText(info.label, 200)}*${unit}`];
  if (stats?.latest) {
    lines.push(`Latest *${valueText(stats.latest.value, info.unit)}* · ${whenText(stats.latest.atMs, zone)}`);
  } else if (showLastKnown && m.lastKnown) {
    lines.push(
      `Last known *${valueText(m.lastKnown.value, info.unit)}* · ${whenText(m.lastKnown.atMs, zone)}`,
    );
  }
  const parts: string[] = [];
  if (stats && stats.count > 0 && stats.min !== null && stats.max !== null && stats.mean !== null) {
    parts.push(
      `min ${formatNumber(stats.min)}`,
      `max ${formatNumber(stats.max)}`,
      `mean ${formatNumber(stats.mean)}`,
    );
  }
  const count = (stats?.count ?? 0) + (stats?.textCount ?? 0);
  parts.push(`${count.toLocaleString('en-US')} value${count === 1 ? '' : 's'}`);
  if (stats && stats.gaps > 0)
    parts.push(`${stats.gaps.toLocaleString('en-US')} gap${stats.gaps === 1 ? '' : 's'}`);
  lines.push(count === 0 && !stats?.gaps ? '_no values in this range_' : parts.join(' · '));
  return lines.join('\n');
}

export interface RenderedMessage {
  text: string;
  blocks: object[];
}

/** `chartIn`: where the chart goes — the answer's thread, or the person's DM when the answer is theirs only. */
export function renderReadingReport(
  report: ReadingReport,
  chartIn: 'thread' | 'dm' = 'thread',
): RenderedMessage {
  const { source, zone, range, summary } = report;
  const title = `${source.name} — ${range.label}`;
  const blocks: object[] = [{ type: 'header', text: plain(title, 150) }];
  const site = source.site.name ? `${safeName(source.site.name, 200)} · ` : '';
  blocks.push({
    type: 'context',
    elements: [
      mrkdwn(
        `${site}${siteTime(range.startMs, zone)} → ${siteTime(range.endMs, zone)} site time (${escapeMrkdwn(zone)}) · ` +
          `${summary.rows.toLocaleString('en-US')} reading${summary.rows === 1 ? '' : 's'}`,
      ),
      // which rule chose the window ("this shift": whose shift changes)
      ...(range.note ? [mrkdwn(range.note)] : []),
    ],
  });
  const showLastKnown = report.spec.kind === 'default';
  if (showLastKnown && source.lastReading) {
    const at = Date.parse(source.lastReading.eventDate);
    if (!Number.isNaN(at))
      blocks.push({ type: 'section', text: mrkdwn(`*Latest reading* ${whenText(at, zone)}`) });
  }
  if (summary.rows === 0) blocks.push({ type: 'section', text: mrkdwn('_No readings in this range._') });
  const shown = report.metrics.slice(0, MAX_METRIC_BLOCKS);
  for (const m of shown) blocks.push({ type: 'section', text: mrkdwn(metricText(m, zone, showLastKnown)) });
  const notes: string[] = [];
  if (report.metrics.length > shown.length)
    notes.push(`${report.metrics.length - shown.length} more metrics not shown.`);
  if (!report.named) notes.push('This data source has no schema, so metrics are shown by their ids.');
  if (summary.rows > 0 && report.chart)
    notes.push(chartIn === 'dm' ? 'Chart in our DM.' : 'Chart in the thread.');
  if (notes.length > 0) blocks.push({ type: 'context', elements: [mrkdwn(notes.join(' '))] });
  blocks.push({
    type: 'actions',
    elements: [
      {
        type: 'button',
        action_id: SOURCE_ACTION.export,
        text: plain('Export CSV'),
        value: encodeSourceRange({ s: source.id, r: report.spec }),
      },
    ],
  });
  const text = `${title}: ${summary.rows} readings`;
  return { text: safeName(text, 3000), blocks };
}

export function renderReadingProgress(sourceName: string, label: string): RenderedMessage {
  // the `text` fallback (what notifications show) is escaped like the blocks: the same safeName
  const text = `Reading ${safeName(sourceName, 200)} (${escapeMrkdwn(label)})…`;
  return {
    text,
    blocks: [
      {
        type: 'context',
        elements: [
          mrkdwn(`:hourglass_flowing_sand: Reading *${safeName(sourceName, 200)}* (${escapeMrkdwn(label)})…`),
        ],
      },
    ],
  };
}
