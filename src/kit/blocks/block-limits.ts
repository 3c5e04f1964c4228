/**
 * Slack's whole-message and whole-view limits, applied on the way out so that a long list is cut with
 * "…and N more" instead of being refused by Slack (`invalid_blocks`, `msg_too_long`). Element-level limits
 * (a section's 3000 characters, a button's 75) are kept by the renderers; this is the last line for the
 * counts that depend on how much data came back.
 * Slack: "blocks — max 50 in messages, 100 in modals and Home tabs"; message `text` is truncated past 40,000
 * characters (4,000 recommended).
 */
import { truncate } from './mrkdwn.ts';

export const MESSAGE_MAX_BLOCKS = 50;
export const VIEW_MAX_BLOCKS = 100;
export const MESSAGE_TEXT_MAX = 4_000;

type Block = object;

function isActions(block: Block | undefined): boolean {
  return block !== undefined && 'type' in block && block.type === 'actions';
}

/**
 * At most `max` blocks. When cut, a context block says how many were left out; a closing actions block (the
 * More button, a form's buttons) is kept so the user can still act.
 */
export function fitBlocks<B extends Block>(blocks: readonly B[], max: number): (B | Block)[] {
  if (blocks.length <= max) return [...blocks];
  const last = blocks[blocks.length - 1];
  const keepLast = isActions(last);
  const room = max - 1 - (keepLast ? 1 : 0);
  const shown = blocks.slice(0, room);
  const omitted = blocks.length - room - (keepLast ? 1 : 0);
  const note = {
    type: 'context',
    elements: [{ type: 'mrkdwn', text: `…and ${omitted} more not shown.` }],
  };
  return [...shown, note, ...(keepLast && last ? [last] : [])];
}

/** A message (chat.postMessage / update / postEphemeral / respond payload) within Slack's limits. */
export function fitMessage<M extends { text?: string; blocks?: readonly Block[] }>(message: M): M {
  const out: M = { ...message };
  if (typeof message.text === 'string') out.text = truncate(message.text, MESSAGE_TEXT_MAX);
  if (message.blocks) out.blocks = fitBlocks(message.blocks, MESSAGE_MAX_BLOCKS);
  return out;
}

/** A modal or Home tab view within Slack's block count. */
export function fitView<V extends { blocks: readonly Block[] }>(view: V): V {
  return { ...view, blocks: fitBlocks(view.blocks, VIEW_MAX_BLOCKS) };
}
