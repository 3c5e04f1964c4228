/**
 * Slack's Block Kit limits, hand-written so they hold without the shared JSON Schema (a user's clone).
 * Numbers from docs.slack.dev (see ../shared/slack/README.md): 50 blocks per message, 100 per modal/home,
 * text objects 1–3000, section fields ≤10 × 2000, header 150, actions ≤25 elements, option text 75 / value 150,
 * ≤100 options, ids ≤255. Problems read like Slack's: "<what> [json-pointer:/blocks/0/text/text]".
 */
import { checkElement, checkText, isObject, problem, type Problems } from './limits-elements.ts';

export type Surface = 'message' | 'modal' | 'home';

export const MAX_BLOCKS: Record<Surface, number> = { message: 50, modal: 100, home: 100 };
/** Slack answers msg_blocks_too_long somewhere around 13k characters of block text. */
export const MAX_MESSAGE_BLOCK_TEXT = 13_000;

const KNOWN_BLOCKS = new Set([
  'actions',
  'alert',
  'card',
  'carousel',
  'container',
  'context',
  'context_actions',
  'data_table',
  'data_visualization',
  'divider',
  'file',
  'header',
  'image',
  'input',
  'markdown',
  'plan',
  'rich_text',
  'section',
  'table',
  'task_card',
  'video',
]);

export function checkBlocks(blocks: unknown, surface: Surface): string[] {
  const out: Problems = [];
  if (!Array.isArray(blocks)) return [problem('must be an array', '/blocks')];
  if (blocks.length > MAX_BLOCKS[surface]) {
    out.push(problem(`no more than ${MAX_BLOCKS[surface]} items allowed`, '/blocks'));
  }
  const blockIds = new Set<string>();
  blocks.forEach((block, i) => checkBlock(block, `/blocks/${i}`, surface, blockIds, out));
  return out;
}

function checkBlock(
  block: unknown,
  at: string,
  surface: Surface,
  blockIds: Set<string>,
  out: Problems,
): void {
  if (!isObject(block)) return void out.push(problem('must be an object', at));
  const type = block.type;
  if (typeof type !== 'string') return void out.push(problem('missing required field: type', at));
  if (!KNOWN_BLOCKS.has(type)) return void out.push(problem(`unsupported type: ${type}`, `${at}/type`));
  if (block.block_id !== undefined) {
    if (typeof block.block_id !== 'string' || block.block_id.length > 255) {
      out.push(problem('must be a string of at most 255 characters', `${at}/block_id`));
    } else if (blockIds.has(block.block_id)) {
      out.push(problem(`duplicate block_id: ${block.block_id}`, `${at}/block_id`));
    } else blockIds.add(block.block_id);
  }
  const actionIds = new Set<string>();
  switch (type) {
    case 'section':
      return checkSection(block, at, actionIds, out);
    case 'header':
      return void checkText(block.text, `${at}/text`, out, { max: 150, plainOnly: true, required: true });
    case 'context':
      return checkList(block.elements, `${at}/elements`, 10, out, (el, p) =>
        isObject(el) && el.type === 'image' ? checkElement(el, p, actionIds, out) : checkText(el, p, out, {}),
      );
    case 'actions':
      if (Array.isArray(block.elements) && block.elements.length === 0) {
        out.push(problem('must provide at least 1 item', `${at}/elements`));
      }
      return checkList(block.elements, `${at}/elements`, 25, out, (el, p) =>
        checkElement(el, p, actionIds, out),
      );
    case 'input':
      if (surface === 'message' && block.dispatch_action !== true) {
        out.push(problem('input blocks in messages need dispatch_action', at));
      }
      checkText(block.label, `${at}/label`, out, { max: 2000, plainOnly: true, required: true });
      if (block.hint !== undefined) checkText(block.hint, `${at}/hint`, out, { max: 2000, plainOnly: true });
      if (!isObject(block.element)) return void out.push(problem('missing required field: element', at));
      return checkElement(block.element, `${at}/element`, actionIds, out);
    case 'image':
      if (typeof block.alt_text !== 'string' || block.alt_text.length > 2000) {
        out.push(problem('must be a string of at most 2000 characters', `${at}/alt_text`));
      }
      if (block.image_url === undefined && block.slack_file === undefined) {
        out.push(problem('must provide image_url or slack_file', at));
      }
      if (block.title !== undefined)
        checkText(block.title, `${at}/title`, out, { max: 2000, plainOnly: true });
      return;
    case 'markdown':
      if (typeof block.text !== 'string' || block.text.length > 12_000) {
        out.push(problem('must be a string of at most 12000 characters', `${at}/text`));
      }
      return;
    case 'rich_text':
      if (!Array.isArray(block.elements)) out.push(problem('missing required field: elements', at));
      return;
    default:
      return;
  }
}

function checkSection(
  block: Record<string, unknown>,
  at: string,
  actionIds: Set<string>,
  out: Problems,
): void {
  if (block.text === undefined && block.fields === undefined) {
    out.push(problem('must provide either text or fields', at));
  }
  if (block.text !== undefined) checkText(block.text, `${at}/text`, out, { max: 3000, required: true });
  if (block.fields !== undefined) {
    checkList(block.fields, `${at}/fields`, 10, out, (f, p) =>
      checkText(f, p, out, { max: 2000, required: true }),
    );
  }
  if (block.accessory !== undefined) checkElement(block.accessory, `${at}/accessory`, actionIds, out);
}

function checkList(
  list: unknown,
  at: string,
  max: number,
  out: Problems,
  each: (item: unknown, at: string) => void,
): void {
  if (!Array.isArray(list)) return void out.push(problem('must be an array', at));
  if (list.length > max) out.push(problem(`no more than ${max} items allowed`, at));
  list.forEach((item, i) => each(item, `${at}/${i}`));
}

/** Characters of visible text in blocks: what msg_blocks_too_long is about. */
export function blockTextLength(value: unknown): number {
  if (Array.isArray(value)) return value.reduce((sum: number, v) => sum + blockTextLength(v), 0);
  if (!isObject(value)) return 0;
  let sum = 0;
  for (const [key, v] of Object.entries(value)) {
    if (key === 'text' && typeof v === 'string') sum += v.length;
    else if (typeof v === 'object' && v !== null) sum += blockTextLength(v);
  }
  return sum;
}
