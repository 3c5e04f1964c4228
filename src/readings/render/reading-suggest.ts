/**
 * "Did you mean …?" after `/reading` named no data source but nearly spelled one or more: a button per name runs
 * the same request (range and export as typed) with that name. Pure.
 */
import { safeName, safeText } from '../../kit/blocks/mrkdwn.ts';
import type { RangeSpec } from '../rules/range.ts';
import { mrkdwn, plain } from './reading-format.ts';
import type { RenderedMessage } from './reading-report.ts';
import { encodeNameRange, indexed, READING_ACTION } from './source-ids.ts';

/** `/reading <name> <typed>`, the command the button stands for. */
export function correctedCommand(name: string, typed: string | undefined): string {
  return `/reading ${name}${typed ? ` ${typed}` : ''}`;
}

export function renderDidYouMean(
  typedName: string,
  names: readonly string[],
  req: { spec: RangeSpec; export: boolean; typed?: string },
): RenderedMessage {
  const typed = req.typed?.slice(0, 300);
  const buttons = names.map((name, i) => ({
    type: 'button',
    action_id: indexed(READING_ACTION.didYouMean, i),
    text: plain(name, 75),
    ...(i === 0 ? { style: 'primary' } : {}),
    value: encodeNameRange({
      n: name,
      r: req.spec,
      ...(req.export ? { x: true } : {}),
      ...(typed ? { t: typed } : {}),
    }),
  }));
  const [first] = names;
  const shownTyped = safeName(typedName, 150);
  const one = names.length === 1 && first !== undefined;
  const question = one
    ? `did you mean *${safeName(first, 150)}*? The button runs \`${safeName(correctedCommand(first, typed), 400)}\`.`
    : `did you mean one of these?${typed ? ` Each button keeps “${safeText(typed, 150)}”.` : ''}`;
  // the `text` fallback (what notifications show) is escaped like the blocks
  const text = `No data source is named ${shownTyped}: did you mean ${names.map((n) => safeName(n, 100)).join(' or ')}?`;
  return {
    text,
    blocks: [
      { type: 'section', text: mrkdwn(`:mag: No data source is named *${shownTyped}*: ${question}`) },
      { type: 'actions', elements: buttons },
    ],
  };
}
