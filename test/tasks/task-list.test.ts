/** `/task list` end to end: filters, "mine", paging to the end with the More button, and specific parse errors. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { listed, listReply, moreButton, nextPage } from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ seed: { tasks: 80 } });
});
afterAll(() => checkBlockKitAndStop(h));

/** Not Done ('20') nor Cancelled ('25'). */
const OPEN_STATUSES = ['5', '10'];

function rowsOf(message: StoredMessage): { id: string; text: string }[] {
  return (message.blocks ?? []).flatMap((b) => {
    const block = b as { accessory?: JsonObject; text?: JsonObject };
    const id = block.accessory?.value;
    const text = block.text?.text;
    return typeof id === 'string' && typeof text === 'string' ? [{ id, text }] : [];
  });
}

const LIST_PAGE = 10;

describe('/task list', () => {
  it('pages through every task of a site, Done and Cancelled included, with More for "all"', async () => {
    const expected = h.sandbox.admin.state.tasks.filter((t) => t.siteId === '101').map((t) => t.id);
    expect(expected.length).toBeGreaterThan(10);
    let page = await listReply(h, 'list all site berlin');
    const seen = [...listed(page)];
    let clicks = 0;
    while (moreButton(page)) {
      page = await nextPage(h, page, 'U0ANA');
      seen.push(...listed(page));
      expect(++clicks).toBeLessThan(10);
    }
    expect(clicks).toBeGreaterThan(0);
    expect(seen.sort()).toEqual([...expected].sort());
    expect(JSON.stringify(page.blocks)).toContain('End of the list');
  });

  it('lists only the caller’s open tasks for "mine"', async () => {
    const mine = h.sandbox.admin.state.tasks
      .filter((t) => t.assigneeId === '501' && OPEN_STATUSES.includes(t.statusId))
      .map((t) => t.id);
    expect(mine.length).toBeGreaterThan(0);
    let page = await listReply(h, 'list mine');
    const seen = [...listed(page)];
    while (moreButton(page)) {
      page = await nextPage(h, page);
      seen.push(...listed(page));
    }
    expect(seen.sort()).toEqual([...mine].sort());
  });

  it('lists open tasks by default, overdue ones first and marked, then by due date, undated last', async () => {
    const tasks = h.sandbox.admin.state.tasks;
    const open = tasks.filter((t) => t.siteId === '101' && OPEN_STATUSES.includes(t.statusId));
    expect(open.length).toBeLessThan(tasks.filter((t) => t.siteId === '101').length);
    let page = await listReply(h, 'list site berlin');
    const seen: string[] = [];
    let marked = 0;
    for (;;) {
      const rows = rowsOf(page);
      const late = rows.filter((r) => r.text.includes('*Overdue*'));
      marked += late.length;
      // The overdue rows lead; the rest follow by due date with undated ones last.
      expect(rows.slice(0, late.length)).toEqual(late);
      const dues = rows.slice(late.length).map((r) => tasks.find((t) => t.id === r.id)?.dueDate ?? '~');
      expect(dues).toEqual([...dues].sort());
      for (const r of late) expect(tasks.find((t) => t.id === r.id)?.dueDate).toBeTruthy();
      seen.push(...rows.map((r) => r.id));
      if (!moreButton(page)) break;
      page = await nextPage(h, page, 'U0ANA');
    }
    expect(marked).toBeGreaterThan(0);
    expect(seen.sort()).toEqual(open.map((t) => t.id).sort());
  });

  it('sorts the whole result before paging: every overdue task, oldest first, precedes the rest', async () => {
    const tasks = h.sandbox.admin.state.tasks;
    let page = await listReply(h, 'list');
    expect(JSON.stringify(page.blocks)).toMatch(/ — 1–10 of \d+/);
    const rows: { id: string; late: boolean }[] = [];
    for (;;) {
      rows.push(...rowsOf(page).map((r) => ({ id: r.id, late: r.text.includes('*Overdue*') })));
      if (!moreButton(page)) break;
      page = await nextPage(h, page, 'U0ANA');
    }
    const late = rows.filter((r) => r.late);
    expect(late.length).toBeGreaterThan(LIST_PAGE);
    // page 1 is all overdue work, and no overdue task appears after the first task that is not
    expect(rows.slice(0, late.length)).toEqual(late);
    const dues = rows.map((r) => tasks.find((t) => t.id === r.id)?.dueDate ?? '~');
    expect(dues.slice(0, late.length)).toEqual([...dues.slice(0, late.length)].sort());
    expect(dues.slice(late.length)).toEqual([...dues.slice(late.length)].sort());
    expect(new Set(rows.map((r) => r.id)).size).toBe(rows.length);
  });

  it('says why "mine" is empty for someone without a platform account', async () => {
    const reply = await listReply(h, 'list mine', 'U0EVE');
    expect(reply.text).toContain(
      'fieldline knows no platform user with the email eve@contractor.example, so “mine” is empty: ask a platform admin',
    );
  });

  it('tells someone whose Slack profile shows no email what to do', async () => {
    const reply = await listReply(h, 'list mine', 'U0NIA');
    expect(reply.text).toContain('Your Slack profile shows no email to fieldline');
    expect(reply.text).toContain('ask a workspace admin');
  });

  it('shows only open, high-priority tasks when asked', async () => {
    const page = await listReply(h, 'list open priority high');
    const ids = listed(page);
    expect(ids.length).toBeGreaterThan(0);
    const tasks = h.sandbox.admin.state.tasks;
    for (const id of ids) {
      const task = tasks.find((t) => t.id === id)!;
      expect(task.priorityId).toBe('15');
      expect(['5', '10']).toContain(task.statusId);
    }
  });

  it('answers a parse error with the specific problem and the usage', async () => {
    const res = await h.driver.command({
      command: '/task',
      text: 'list priority urgent',
      channel: 'C0GENERAL',
    });
    const text = JSON.stringify(res.body);
    expect(text).toContain('`priority` must be high, medium or low (got `urgent`)');
    expect(text).toContain('/task list [open|mine|overdue|all]');
  });

  it('matches a site typed without its accent (“sao paulo”)', async () => {
    const page = await listReply(h, 'list site sao paulo');
    expect(JSON.stringify(page.blocks)).toContain('site São Paulo Packaging');
  });

  it('names the sites when none matches', async () => {
    const reply = await listReply(h, 'list site atlantis');
    expect(reply.text).toContain('No site matches “atlantis”');
    expect(reply.text).toContain('Berlin Plant');
  });
});

describe('/task list over more tasks than it reads', () => {
  let big: Harness;
  beforeAll(async () => {
    big = await startHarness({ seed: { tasks: 1_050 } });
  });
  afterAll(() => big?.stop());

  it('reads at most 1,000 platform rows and says the order covers those', async () => {
    const count = big.standin.messages('C0GENERAL').length;
    await big.driver.command({ command: '/task', text: 'list all', channel: 'C0GENERAL', user: 'U0ANA' });
    const page = await waitFor(() =>
      big.standin
        .messages('C0GENERAL')
        .slice(count)
        .find((m) => m.ephemeralTo === 'U0ANA'),
    );
    expect(JSON.stringify(page.blocks)).toContain('Sorted over the first 1,000 tasks the platform returned');
    const read = big.sandbox.admin.requests().filter((r) => r.path === '/tasks' && r.method === 'GET');
    expect(read.length).toBeLessThanOrEqual(10);
  });
});
