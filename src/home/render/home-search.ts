/**
 * The "Search data sources" modal opened from the Home tab, pure: the query input, then the matches as
 * compact read-only rows. Details, readings and actions stay with /source and /reading, whose buttons need a
 * channel; the modal says so.
 */
import type { ModalView } from '@slack/types';
import type { SearchPage, SourceHit } from '../../readings/index.ts';
import { rowFacts } from '../../readings/index.ts';
import { safeText, truncate } from '../../kit/blocks/mrkdwn.ts';
import { HOME_VIEW } from './home-ids.ts';
import type { BlockJson } from '../../tasks/index.ts';
import { context, plain } from '../../kit/blocks/text-blocks.ts';

export type SearchState =
  | { kind: 'empty' }
  | { kind: 'searching' }
  | { kind: 'found'; page: SearchPage; nowMs: number }
  | { kind: 'failed'; notice: string };

function hitLine(hit: SourceHit, nowMs: number): string {
  const { row, detail } = hit;
  const facts = rowFacts(row, nowMs);
  const head = [
    `*${safeText(row.name, 150)}*`,
    facts.usage,
    row.site.name ? safeText(row.site.name, 100) : null,
  ];
  const status = [facts.validation, detail?.activityStatus?.name ?? facts.activity, facts.silence?.text]
    .filter((s): s is string => typeof s === 'string' && s !== '')
    .map((s) => safeText(s, 80));
  const id = `id ${safeText(row.id, 40)}`;
  return [head.filter(Boolean).join(' · '), [...status, id].join(' · ')].join('\n');
}

function results(query: string, state: SearchState): BlockJson[] {
  if (state.kind === 'empty') return [context('Type part of a name, e.g. `boiler` or `energy`.')];
  if (state.kind === 'searching')
    return [context(`:hourglass_flowing_sand: Searching for *${safeText(query, 100)}*…`)];
  if (state.kind === 'failed') return [context(`The search failed. ${state.notice}`)];
  const { hits, next } = state.page;
  if (hits.length === 0) return [context(`No data source matches *${safeText(query, 100)}*.`)];
  const blocks: BlockJson[] = hits.map((hit) => ({
    type: 'section',
    text: { type: 'mrkdwn', text: truncate(hitLine(hit, state.nowMs), 3000) },
  }));
  if (next) blocks.push(context('More data sources match: narrow the search.'));
  blocks.push(
    context(
      `For details, readings and actions type \`/source ${safeText(query, 100)}\` or \`/reading <name>\` in a channel.`,
    ),
  );
  return blocks;
}

export function renderSourceSearchModal(query: string, state: SearchState): ModalView {
  const blocks: BlockJson[] = [
    {
      type: 'input',
      block_id: HOME_VIEW.query,
      label: plain('Data source name'),
      element: {
        type: 'plain_text_input',
        action_id: HOME_VIEW.query,
        max_length: 100,
        placeholder: plain('e.g. boiler, energy meter, camera'),
        ...(query ? { initial_value: truncate(query, 100) } : {}),
      },
    },
    ...results(query, state),
  ];
  return {
    type: 'modal',
    callback_id: HOME_VIEW.sourceSearch,
    title: plain('Search data sources', 24),
    submit: plain('Search', 24),
    close: plain('Close', 24),
    blocks,
  };
}
