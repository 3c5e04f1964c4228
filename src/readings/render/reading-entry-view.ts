import type { InputBlock, KnownBlock, ModalView, NumberInput, PlainTextInput } from '@slack/types';
/** The "Enter reading" modal: one typed input per writable metric, and the reading time. Pure. */
import type { DataSource } from '../../monitoring/api.ts';
import type { MetricInfo } from '../rules/metric-catalog.ts';
import { safeText, truncate, safeName } from '../../kit/blocks/mrkdwn.ts';
import { mrkdwn, plain } from './reading-format.ts';
import { READING_VIEW, SOURCE_VIEW } from './source-ids.ts';

/** 100 blocks per modal: two are taken by the heading and the time. */
export const MAX_ENTRY_METRICS = 90;
export const TIMESTAMP_BLOCK = 'timestamp';
const METRIC_BLOCK_PREFIX = 'metric_';

export function metricBlockId(metricId: string): string {
  return `${METRIC_BLOCK_PREFIX}${metricId}`.slice(0, 255);
}
export function metricIdOfBlock(blockId: string): string | null {
  return blockId.startsWith(METRIC_BLOCK_PREFIX) ? blockId.slice(METRIC_BLOCK_PREFIX.length) : null;
}

export interface EntryMeta {
  sourceId: string;
  channel: string | null;
}

function input(metric: MetricInfo, last: number | string | null | undefined): InputBlock {
  // no initial values: an untouched field must not silently repeat the last reading (the hint shows it)
  const element: NumberInput | PlainTextInput =
    metric.kind === 'number'
      ? metric.count
        ? // a count: Slack's own field refuses negatives and fractions; the submission is checked again
          { type: 'number_input', action_id: 'value', is_decimal_allowed: false, min_value: '0' }
        : { type: 'number_input', action_id: 'value', is_decimal_allowed: true }
      : { type: 'plain_text_input', action_id: 'value', max_length: 500 };
  const unit = metric.unit ? ` (${metric.unit})` : '';
  return {
    type: 'input',
    block_id: metricBlockId(metric.metricId),
    optional: !metric.required,
    label: plain(`${metric.label}${unit}`, 2000),
    element,
    ...(last !== null && last !== undefined
      ? { hint: plain(`Last: ${truncate(String(last), 100)}`, 2000) }
      : {}),
  };
}

export function renderReadingEntryView(
  source: DataSource,
  catalog: readonly MetricInfo[],
  zone: string,
  meta: EntryMeta,
): ModalView {
  const shown = catalog.slice(0, MAX_ENTRY_METRICS);
  const last = source.lastReading?.values ?? {};
  const blocks: KnownBlock[] = [
    {
      type: 'section',
      text: mrkdwn(`*${safeName(source.name, 200)}* · ${safeText(source.site.name ?? source.site.id, 200)}`),
    },
    ...shown.map((m) => input(m, last[m.metricId])),
    {
      type: 'input',
      block_id: TIMESTAMP_BLOCK,
      optional: true,
      label: plain('Reading time', 2000),
      element: { type: 'datetimepicker', action_id: 'value' },
      hint: plain(`Leave empty for now. Site time zone: ${zone}; the picker shows your own time zone.`, 2000),
    },
  ];
  if (catalog.length > shown.length) {
    blocks.push({
      type: 'context',
      elements: [mrkdwn(`${catalog.length - shown.length} more metrics are left empty (stored as null).`)],
    });
  }
  return {
    type: 'modal',
    callback_id: READING_VIEW.entry,
    private_metadata: JSON.stringify(meta),
    title: plain('Enter reading', 24),
    submit: plain('Save', 24),
    close: plain('Cancel', 24),
    blocks,
  };
}

export function renderLoadingView(title: string, text = 'Loading…'): ModalView {
  return {
    type: 'modal',
    callback_id: SOURCE_VIEW.loading,
    title: plain(title, 24),
    close: plain('Close', 24),
    blocks: [{ type: 'section', text: mrkdwn(`:hourglass_flowing_sand: ${safeName(text, 2000)}`) }],
  };
}

export function renderMessageView(title: string, text: string): ModalView {
  return {
    type: 'modal',
    callback_id: SOURCE_VIEW.loading,
    title: plain(title, 24),
    close: plain('Close', 24),
    blocks: [{ type: 'section', text: mrkdwn(text) }],
  };
}
