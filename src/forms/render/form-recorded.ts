/**
 * The answer to a submitted form: what was recorded, field by field in operator words (a choice's label, Yes/No,
 * a unit), the time in the reader's own time zone. Platform text is escaped in the blocks and the text fallback.
 * Pure.
 */
import type { KnownBlock } from '@slack/types';
import { safeName, safeText, slackDate } from '../../kit/blocks/mrkdwn.ts';
import { context, section } from '../../kit/blocks/text-blocks.ts';
import type { FormField } from '../rules/form-config.ts';
import { valueWords, type ReadingValue } from '../rules/form-values.ts';

const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
const yourTime = (ms: number) => `${slackDate(ms, '{date_short_pretty} {time}', utc(ms))} your time`;

function line(field: FormField, value: ReadingValue | undefined): string {
  const label = `*${safeText(field.title, 200)}*`;
  if (value === undefined) return `• ${label}: _left empty_`;
  if (field.kind === 'datetime' && typeof value === 'string' && Number.isFinite(Date.parse(value)))
    return `• ${label}: ${yourTime(Date.parse(value))}`;
  return `• ${label}: ${safeText(valueWords(field, value) ?? String(value), 400)}`;
}

/** Lines of at most 3000 characters per section: a long form spreads over several. */
function sections(lines: readonly string[]): KnownBlock[] {
  const out: KnownBlock[] = [];
  let current = '';
  for (const l of lines) {
    if (current && current.length + l.length + 1 > 2900) {
      out.push(section(current) as KnownBlock);
      current = '';
    }
    current = current ? `${current}\n${l}` : l;
  }
  if (current) out.push(section(current) as KnownBlock);
  return out.slice(0, 40);
}

export function renderRecorded(
  form: { name: string; siteName: string | null },
  fields: readonly FormField[],
  values: Record<string, ReadingValue>,
  atMs: number,
): { text: string; blocks: KnownBlock[] } {
  const name = safeName(form.name, 200);
  const site = form.siteName ? ` · ${safeName(form.siteName, 200)}` : '';
  return {
    text: `Recorded: ${name}, ${yourTime(atMs)}`,
    blocks: [
      section(`:white_check_mark: *${name}*${site} recorded, ${yourTime(atMs)}.`) as KnownBlock,
      ...sections(fields.map((f) => line(f, values[f.metricId]))),
      // contract: readings rule 5 — SUCCESS means accepted for ingestion, not yet stored
      context('The platform stores it shortly; it may take a moment to show in `/reading`.') as KnownBlock,
    ],
  };
}
