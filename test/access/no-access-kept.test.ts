/**
 * The platform's 401 for Ben (Chicago Works only), reached through values Slack sent back (buttons, options),
 * becomes "you have no access to <what>" naming the item; what he typed is kept; nothing is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredMessage } from '../../src/slack-standin/index.ts';
import { openBySlashCommand } from '../fixtures/opened-view.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
});
afterAll(async () => {
  await h?.stop();
});

const BEN = 'U0BEN';

/** A message of the app's with one button whose value was edited. */
function forgedButton(actionId: string, value: string): StoredMessage {
  return h.standin.addMessage({
    channel: 'C0GENERAL',
    user: h.standin.botUserId,
    text: 'forged',
    blocks: [
      {
        type: 'actions',
        elements: [{ type: 'button', action_id: actionId, value, text: { type: 'plain_text', text: 'Go' } }],
      },
    ] as never,
  });
}

/** What Ben is shown after `mark` (messages only to him, and the modals he has open), as one text. */
const shownToBen = () =>
  [
    ...h.standin
      .messages()
      .filter((m) => m.ephemeralTo === BEN)
      .map(textOf),
    ...h.standin
      .views()
      .filter((v) => v.user === BEN)
      .map((v) => JSON.stringify(v.blocks)),
  ].join('\n');

describe('no access, said plainly', () => {
  it('a forged source_details value 1001 tells him he has no access to data source 1001', async () => {
    const message = forgedButton('source_details', '1001');
    await h.driver.blockAction({ actionId: 'source_details', message, channel: 'C0GENERAL', user: BEN });
    await waitFor(() => shownToBen().includes('no access to data source 1001'), { timeoutMs: 10_000 });
  });

  it.each([['task_edit_open'], ['task_show_card_3001']])(
    'a forged %s for Berlin task 3001 shows him nothing of it, even after Ana listed it',
    async (actionId) => {
      // Ana's list leaves a snapshot of 3001 in the shared store: it must not reach Ben.
      await answerTo(h, { command: '/task', text: 'list all site berlin', user: 'U0ANA' });
      const name = h.sandbox.admin.state.tasks.find((t) => t.id === '3001')!.name;
      const message = forgedButton(actionId, '3001');
      await h.driver.blockAction({ actionId, message, channel: 'C0GENERAL', user: BEN });
      await waitFor(() => shownToBen().includes('no access to task 3001'), { timeoutMs: 10_000 });
      await h.app.whenIdle();
      expect(shownToBen()).not.toContain(name);
    },
  );

  it('a post to the Berlin feed (forged option) comes back with the reason and his text kept; nothing is posted', async () => {
    const view = await openBySlashCommand(
      h,
      { command: '/post', text: 'Shift handover: line 2 idle', user: BEN },
      'post_create',
    );
    const berlinFeed: JsonObject = { text: { type: 'plain_text', text: 'Berlin Plant feed' }, value: '7101' };
    const posts = h.sandbox.admin.written().posts.length;
    await h.driver.viewSubmission({ view, values: { post_channel: berlinFeed }, user: BEN });
    const reshown = await waitFor(
      () => {
        const v = h.standin.view(view.id);
        return v && JSON.stringify(v.blocks).includes('no access to') ? v : undefined;
      },
      { timeoutMs: 10_000 },
    );
    expect(JSON.stringify(reshown.blocks)).toContain('Shift handover: line 2 idle');
    await h.app.whenIdle();
    expect(h.sandbox.admin.written().posts.length).toBe(posts);
  });
});
