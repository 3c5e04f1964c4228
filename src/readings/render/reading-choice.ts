/** Several data sources match what was typed after /reading: offer them as buttons. Pure. */
import type { DataSourceRow } from '../../monitoring/api.ts';
import type { RangeSpec } from '../rules/range.ts';
import { safeName } from '../../kit/blocks/mrkdwn.ts';
import { mrkdwn, plain } from './reading-format.ts';
import type { RenderedMessage } from './reading-report.ts';
import { encodeSourceRange, indexed, READING_ACTION } from './source-ids.ts';

export function renderSourceChoice(
  query: string,
  rows: readonly DataSourceRow[],
  req: { spec: RangeSpec; export: boolean },
): RenderedMessage {
  const buttons = rows.slice(0, 25).map((row, i) => ({
    type: 'button',
    action_id: indexed(READING_ACTION.pickSource, i),
    text: plain(row.site.name ? `${row.name} (${row.site.name})` : row.name),
    value: encodeSourceRange({ s: row.id, r: req.spec, ...(req.export ? { x: true } : {}) }),
  }));
  return {
    // the `text` fallback (what notifications show) is escaped like the blocks
    text: `Several data sources match ${safeName(query, 100)}: pick one.`,
    blocks: [
      { type: 'section', text: mrkdwn(`Several data sources match *${safeName(query, 100)}*. Which one?`) },
      { type: 'actions', elements: buttons },
    ],
  };
}
