import { describe, expect, it } from 'vitest';
import { fitBlocks, fitMessage, fitView } from '../../src/kit/blocks/block-limits.ts';

const section = (i: number) => ({ type: 'section', text: { type: 'mrkdwn', text: `row ${i}` } });
const more = {
  type: 'actions',
  elements: [{ type: 'button', action_id: 'more', text: { type: 'plain_text', text: 'More' } }],
};

describe('Slack block limits on the way out', () => {
  it('cuts 8,002 blocks to 50, says how many were left out and keeps the closing buttons', () => {
    const blocks = [...Array.from({ length: 8_001 }, (_, i) => section(i)), more];
    const { blocks: out } = fitMessage({ text: 'x', blocks });
    expect(out).toHaveLength(50);
    expect(out?.[47]).toEqual(section(47));
    expect(out?.[48]).toEqual({
      type: 'context',
      elements: [{ type: 'mrkdwn', text: '…and 7953 more not shown.' }],
    });
    expect(out?.[49]).toBe(more);
  });

  it('leaves a message within the limits as it is', () => {
    const blocks = Array.from({ length: 50 }, (_, i) => section(i));
    expect(fitMessage({ text: 'x', blocks })).toEqual({ text: 'x', blocks });
  });

  it('cuts a view to 100 blocks and a long text fallback to 4,000 characters', () => {
    expect(
      fitView({ type: 'modal', blocks: Array.from({ length: 300 }, (_, i) => section(i)) }).blocks,
    ).toHaveLength(100);
    expect(fitMessage({ text: 'a'.repeat(50_000) }).text).toHaveLength(4_000);
    expect(fitBlocks([section(1), section(2), section(3)], 2)).toHaveLength(2);
  });
});
