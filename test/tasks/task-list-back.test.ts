/**
 * `/task list` pages both ways (issue 38): "More" replaces the page in place, "Previous" and "First page" lead
 * back. A page button's value names a page of a list kept in the store; it is no authority: whoever presses it
 * reads with their own key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { listed, listReply } from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  // Local mode's links: Ana sees every site, Ben only Chicago Works (site 102).
  h = await startHarness({ seed: { tasks: 80 }, links: 'local' });
});
afterAll(() => checkBlockKitAndStop(h));

/** The paging buttons (each task's Card button is its section's accessory). */
const buttons = (m: StoredMessage) =>
  (m.blocks ?? []).flatMap((b) =>
    ((b as { elements?: JsonObject[] }).elements ?? []).filter((e) => e.type === 'button'),
  );
const labels = (m: StoredMessage) => buttons(m).map((b) => (b.text as { text: string }).text);

/** Presses a paging button on `page` as `user` and waits for that message to show another page. */
async function press(page: StoredMessage, actionId: string, user = 'U0ANA'): Promise<StoredMessage> {
  const shownBefore = JSON.stringify(page.blocks);
  await h.driver.blockAction({ actionId, message: page, channel: 'C0GENERAL', user });
  return waitFor(() =>
    h.standin.messages('C0GENERAL').find((m) => m.ts === page.ts && JSON.stringify(m.blocks) !== shownBefore),
  );
}

describe('/task list pages back', () => {
  it('offers Previous after More, and First page from the third page; each shows the page it names', async () => {
    const first = await listReply(h, 'list all');
    expect(labels(first)).toEqual(['More']);
    const page1 = listed(first);
    const second = await press(first, 'task_list_more');
    expect(labels(second)).toEqual(['Previous', 'More']);
    expect(JSON.stringify(second.blocks)).toMatch(/ — 11–20 of \d+/);
    const page2 = listed(second);
    const third = await press(second, 'task_list_more');
    expect(labels(third)).toEqual(['First page', 'Previous', 'More']);
    expect(JSON.stringify(third.blocks)).toMatch(/ — 21–30 of \d+/);
    const backOne = await press(third, 'task_list_previous');
    expect(listed(backOne)).toEqual(page2);
    expect(JSON.stringify(backOne.blocks)).toMatch(/ — 11–20 of \d+/);
    const forward = await press(backOne, 'task_list_more');
    const backToStart = await press(forward, 'task_list_first');
    expect(listed(backToStart)).toEqual(page1);
    expect(JSON.stringify(backToStart.blocks)).toMatch(/ — 1–10 of \d+/);
    expect(labels(backToStart)).toEqual(['More']);
  });

  it("a page token pressed by someone else is read with their key: Ben's page shows only Chicago Works", async () => {
    const anas = await listReply(h, 'list all');
    const more = buttons(anas).find((b) => b.action_id === 'task_list_more');
    expect(more).toBeDefined();
    // The same button, in a message Ben sees.
    const copy = h.standin.addMessage({
      channel: 'C0GENERAL',
      user: h.standin.botUserId,
      text: 'a list',
      blocks: anas.blocks as never,
    });
    const page = await press(copy, 'task_list_more', 'U0BEN');
    const ids = listed(page);
    const tasks = h.sandbox.admin.state.tasks;
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(tasks.find((t) => t.id === id)?.siteId).toBe('102');
  });
});
