/** /source search results: one compact row per data source with a Details button, and More for the next page. Pure. */
import type { SearchPage, SourceHit } from '../service/search.ts';
import { humanDuration, rowFacts, silence } from '../rules/source-facts.ts';
import { safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { mrkdwn, plain } from './reading-format.ts';
import type { RenderedMessage } from './reading-report.ts';
import { MAX_BUTTON_VALUE } from '../../kit/button-value.ts';
import { indexed, SOURCE_ACTION } from './source-ids.ts';

function hitText(hit: SourceHit, nowMs: number): string {
  const { row, detail } = hit;
  const facts = rowFacts(row, nowMs);
  const threshold = detail?.inactiveThreshold ?? facts.inactiveThreshold;
  const quiet = silence(row.lastReading?.eventDate ?? detail?.lastReading?.eventDate, nowMs, threshold);
  const head = [
    `*${safeName(row.name, 150)}*`,
    facts.usage,
    row.site.name ? safeName(row.site.name, 100) : null,
  ];
  const status = [facts.validation, detail?.activityStatus?.name ?? facts.activity]
    .filter(Boolean)
    .map((s) => safeText(String(s), 60));
  let age = quiet ? quiet.text : 'no readings yet';
  if (quiet?.silent) age = `:red_circle: ${age}`;
  if (threshold) age += ` (inactive after ${humanDuration(threshold * 1000)})`;
  return [head.filter(Boolean).join(' · '), [...status, age].join(' · ')].join('\n');
}

/** `moreValue`: the More button's value (see services/sources/more-cursor.ts), null at the end of the list. */
export function renderSourceList(
  text: string,
  page: SearchPage,
  nowMs: number,
  first: boolean,
  moreValue: string | null,
): RenderedMessage {
  const blocks: object[] = [];
  const heading = first
    ? `Data sources matching *${safeName(text, 100)}*`
    : `More data sources matching *${safeName(text, 100)}*`;
  if (page.hits.length === 0) {
    blocks.push({
      type: 'section',
      text: mrkdwn(first ? `No data sources match *${safeName(text, 100)}*.` : 'No more data sources.'),
    });
    return { text: first ? `No data sources match ${safeName(text, 100)}` : 'No more data sources', blocks };
  }
  blocks.push({ type: 'section', text: mrkdwn(heading) });
  page.hits.forEach((hit, i) => {
    blocks.push({
      type: 'section',
      text: mrkdwn(hitText(hit, nowMs)),
      accessory: {
        type: 'button',
        action_id: indexed(SOURCE_ACTION.details, i),
        text: plain('Details'),
        value: hit.row.id,
      },
    });
  });
  if (moreValue && moreValue.length <= MAX_BUTTON_VALUE) {
    blocks.push({
      type: 'actions',
      elements: [{ type: 'button', action_id: SOURCE_ACTION.more, text: plain('More'), value: moreValue }],
    });
  }
  return { text: `${page.hits.length} data sources matching ${safeName(text, 100)}`, blocks };
}
