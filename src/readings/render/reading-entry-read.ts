/**
 * Reads an "Enter reading" submission back: the metrics offered (from the view's own input blocks, so no
 * platform call is needed before the inline validation) and what was typed. Slack payloads are untrusted:
 * parsed with zod.
 */
import type { ViewOutput } from '@slack/bolt';
import { z } from 'zod';
import type { EntryInput } from '../rules/manual-entry.ts';
import type { MetricInfo } from '../rules/metric-catalog.ts';
import { metricBlockId, metricIdOfBlock, TIMESTAMP_BLOCK, type EntryMeta } from './reading-entry-view.ts';
import { decodeValue } from '../../kit/button-value.ts';

const inputBlock = z.looseObject({
  type: z.literal('input'),
  block_id: z.string(),
  optional: z.boolean().optional(),
  label: z.looseObject({ text: z.string() }),
  element: z.looseObject({ type: z.string() }),
});

const entryMeta: z.ZodType<EntryMeta> = z.object({
  sourceId: z.string().min(1),
  channel: z.string().nullable(),
});

export function entryMetaOf(view: ViewOutput): EntryMeta | null {
  return decodeValue(entryMeta, view.private_metadata);
}

export function catalogOfView(view: ViewOutput): MetricInfo[] {
  const out: MetricInfo[] = [];
  for (const raw of view.blocks) {
    const block = inputBlock.safeParse(raw);
    if (!block.success) continue;
    const metricId = metricIdOfBlock(block.data.block_id);
    if (metricId === null) continue;
    out.push({
      metricId,
      label: block.data.label.text,
      unit: null,
      kind: block.data.element.type === 'number_input' ? 'number' : 'text',
      required: block.data.optional !== true,
      // a count's field was rendered whole-numbered from 0 (see reading-entry-view.ts): checked again here
      count:
        block.data.element.type === 'number_input' &&
        block.data.element.is_decimal_allowed === false &&
        block.data.element.min_value === '0',
    });
  }
  return out;
}

export function entryInputOf(view: ViewOutput, catalog: readonly MetricInfo[]): EntryInput {
  const values: Record<string, string | null> = {};
  for (const m of catalog)
    values[m.metricId] = view.state.values[metricBlockId(m.metricId)]?.value?.value ?? null;
  const picked = view.state.values[TIMESTAMP_BLOCK]?.value?.selected_date_time;
  return { values, timestampSec: typeof picked === 'number' ? picked : null };
}

/** Errors keyed by metric id (or `timestamp`) → keyed by the view's block ids, as response_action errors expects. */
export function errorsByBlock(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors))
    out[key === 'timestamp' ? TIMESTAMP_BLOCK : metricBlockId(key)] = message;
  return out;
}
