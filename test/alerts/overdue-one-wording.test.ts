/**
 * One rule and one wording for "overdue" (issue 38): a task due days ago shows the same Due field — the overdue
 * mark, the site's date and zone, when it was due in the reader's own time — on the task card (`/task list` →
 * Card) and on the task message the relay posts in a channel following the site's tasks.
 */
import { describe, expect } from 'vitest';
import type { JsonObject, StoredMessage } from '../../src/slack-standin/index.ts';
import { waitFor } from '../harness.ts';
import { GENERAL, MIN, taskTest as it } from './alerts-bed.ts';

/** The Due field of a card or task message. */
function dueOf(message: StoredMessage | undefined): string | undefined {
  for (const block of (message?.blocks ?? []) as { fields?: { text: string }[] }[])
    for (const field of block.fields ?? []) if (field.text.startsWith('*Due*\n')) return field.text;
  return undefined;
}

describe('overdue: one rule, one wording', () => {
  it('a task due three days ago is marked overdue alike on its card and in the channel', async ({ bed }) => {
    const admin = bed.h.sandbox.admin;
    const due = new Date(bed.now() - 3 * 24 * 3_600_000).toISOString().slice(0, 10);
    const id = admin.createTask({ name: 'Overdue valve check', siteId: '101', dueDate: due });
    await bed.tick(MIN);
    const relayed = await waitFor(() =>
      bed.parents(GENERAL).find((m) => m.text.includes('Overdue valve check')),
    );
    const inChannel = dueOf(relayed);
    expect(inChannel).toMatch(
      new RegExp(
        `^\\*Due\\*\\n:warning: \\*Overdue\\* — ${due} \\(Europe/Berlin time\\)\\nwas due by <!date\\^\\d+\\^[^>]+> your time$`,
      ),
    );

    // The card, as Ana opens it from /task list.
    const before = bed.h.standin.messages(GENERAL).length;
    await bed.h.driver.command({
      command: '/task',
      text: 'list overdue site berlin',
      channel: GENERAL,
      user: 'U0ANA',
    });
    const list = await waitFor(() =>
      bed.h.standin
        .messages(GENERAL)
        .slice(before)
        .find((m) => m.ephemeralTo === 'U0ANA' && JSON.stringify(m.blocks).includes(`task_show_card_${id}`)),
    );
    expect(JSON.stringify(list.blocks)).toContain(`:warning: *Overdue* (due ${due})`);
    const shown = bed.h.standin.messages(GENERAL).length;
    await bed.h.driver.blockAction({
      actionId: `task_show_card_${id}`,
      message: list,
      channel: GENERAL,
      user: 'U0ANA',
    });
    const card = await waitFor(() =>
      bed.h.standin
        .messages(GENERAL)
        .slice(shown)
        .find((m) => (m.blocks as JsonObject[] | undefined)?.some((b) => b.block_id === `task_card_${id}`)),
    );
    expect(dueOf(card)).toBe(inChannel);
    // operator words: no platform ids on either
    expect(JSON.stringify(card.blocks) + JSON.stringify(relayed.blocks)).not.toMatch(
      /feed post|Platform task|task \d+ ·/,
    );
  });
});
