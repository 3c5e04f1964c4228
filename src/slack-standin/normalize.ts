/**
 * Slack stores blocks in a normalised form and sends that back (in message/view payloads and API answers):
 * plain_text objects get `emoji: true`, mrkdwn gets `verbatim: false`, input blocks get `optional: false` and
 * `dispatch_action: false`, and blocks without a block_id get a short generated one (like `5ar+`). Apps that
 * read state.values by block_id must cope with that, so the stand-in does it too.
 */
import { randomBytes } from 'node:crypto';
import { isJsonObject } from './methods/context.ts';
import type { JsonObject } from './types.ts';

function normalizeValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(normalizeValue);
  if (!isJsonObject(value)) return value;
  const out: JsonObject = {};
  for (const [key, v] of Object.entries(value)) out[key] = normalizeValue(v);
  if (out.type === 'plain_text' && typeof out.text === 'string' && out.emoji === undefined) out.emoji = true;
  if (out.type === 'mrkdwn' && typeof out.text === 'string' && out.verbatim === undefined)
    out.verbatim = false;
  return out;
}

function generatedBlockId(): string {
  return randomBytes(3).toString('base64').slice(0, 4);
}

export function normalizeBlocks(blocks: unknown[]): JsonObject[] {
  return blocks.filter(isJsonObject).map((block) => {
    const out = normalizeValue(block);
    if (!isJsonObject(out)) return block;
    if (typeof out.block_id !== 'string') out.block_id = generatedBlockId();
    if (out.type === 'input') {
      out.optional ??= false;
      out.dispatch_action ??= false;
    }
    return out;
  });
}
