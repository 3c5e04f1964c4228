/**
 * Issue 37: "Post the card in" is a conversation the person picked, not where Slack says they acted. A card goes
 * there only when Slack lists them as a member (a DM only when it is their own DM with fieldline); otherwise the
 * modal refuses on the field with everything typed kept, or — when Slack answers too late for the modal — the card
 * goes to their DM, which says why. Signed requests from the stand-in's driver; the sandbox is the platform.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { addPrivateOps } from '../fixtures/private-ops.ts';
import { cardFor, newView, option, tasksWritten } from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
  // #private-ops: the bot was invited, Ana was not. #general has the seeded members (Ana, Ben, David, …).
  addPrivateOps(h);
  for (const user of ['U0ANA', 'U0BEN'])
    h.standin.addChannel({
      id: `D${user.slice(1)}`,
      name: user,
      is_private: true,
      is_im: true,
      is_member: true,
      user,
    });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  h.standin.clearInjections();
});

async function openNewTask(user = 'U0ANA'): Promise<StoredView> {
  const before = h.standin.views().length;
  await h.driver.globalShortcut('new_task', { user });
  return newView(h, before);
}

async function createdTask(before: number): Promise<string> {
  const [record] = await waitFor(() =>
    tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
  );
  return record!.taskId;
}

const isDmOf = (channel: string, user: string) =>
  h.standin.channels.some((c) => c.id === channel && c.is_im && c.user === user);

const threadUnder = (card: StoredMessage) =>
  h.standin.messages(card.channel).filter((m) => m.thread_ts === card.ts && m.ts !== card.ts);

describe('“Post the card in” a conversation the person is not in', () => {
  it('is refused on the field with everything typed kept, and nothing reaches #private-ops', async () => {
    const view = await openNewTask();
    const site = await option(h, view, 'task_site', 'são');
    const before = tasksWritten(h).length;
    const result = await h.driver.viewSubmission({
      view,
      values: {
        task_name: 'Replace the ops badge reader',
        task_site: site,
        task_description: 'keep me',
        task_post_in: 'G0OPS',
      },
    });
    expect(result.responseAction).toBe('errors');
    expect(result.closed).toBe(false);
    expect(result.errors?.task_post_in).toContain('You are not a member of that conversation');
    // Slack keeps the modal open as submitted: the name and description are still there.
    const kept = JSON.stringify(h.standin.view(view.id)?.state);
    expect(kept).toContain('Replace the ops badge reader');
    expect(kept).toContain('keep me');
    await h.app.whenIdle();
    expect(tasksWritten(h).length).toBe(before);
    expect(h.standin.messages('G0OPS')).toEqual([]);

    // Picking a conversation she is in works from the same modal.
    const again = await h.driver.viewSubmission({
      view,
      values: {
        task_name: 'Replace the ops badge reader',
        task_site: site,
        task_description: 'keep me',
        task_post_in: 'C0GENERAL',
      },
    });
    expect(again.closed).toBe(true);
    const taskId = await createdTask(before);
    expect((await waitFor(() => cardFor(h, taskId))).channel).toBe('C0GENERAL');
    expect(h.standin.messages('G0OPS')).toEqual([]);
  });

  it('when Slack answers after the modal closed: the card goes to their DM, which says why; nothing in #private-ops', async () => {
    // Ben this time: Ana's refusal above is kept for a minute, so it would be answered at once.
    h.standin.inject({ method: 'conversations.members', channel: 'G0OPS', delayMs: 2_000 });
    const view = await openNewTask('U0BEN');
    const site = await option(h, view, 'task_site', 'são');
    const before = tasksWritten(h).length;
    const result = await h.driver.viewSubmission({
      view,
      values: { task_name: 'Slow Slack, private channel', task_site: site, task_post_in: 'G0OPS' },
    });
    expect(result.closed).toBe(true);
    const taskId = await createdTask(before);
    const card = await waitFor(() => cardFor(h, taskId));
    expect(isDmOf(card.channel, 'U0BEN')).toBe(true);
    const why = await waitFor(() =>
      threadUnder(card).find((m) => m.text.includes('you are not a member of the conversation you picked')),
    );
    expect(why.text).toContain('Post the card in');
    await h.app.whenIdle();
    expect(h.standin.messages('G0OPS')).toEqual([]);
  });
});

describe('“Post the card in” a DM', () => {
  it('someone else’s DM with fieldline: the card goes to her own DM, which says why', async () => {
    const view = await openNewTask();
    const site = await option(h, view, 'task_site', 'são');
    const before = tasksWritten(h).length;
    const benDm = h.standin.messages('D0BEN').length;
    await h.driver.viewSubmission({
      view,
      values: { task_name: 'Into Ben’s DM', task_site: site, task_post_in: 'D0BEN' },
    });
    const taskId = await createdTask(before);
    const card = await waitFor(() => cardFor(h, taskId));
    expect(card.channel).toBe('D0ANA');
    await waitFor(() => threadUnder(card).find((m) => m.text.includes('your own DM with fieldline')));
    await h.app.whenIdle();
    expect(h.standin.messages('D0BEN').length).toBe(benDm);
  });

  it('her own DM with fieldline counts: the card is there, with no note', async () => {
    const view = await openNewTask();
    const site = await option(h, view, 'task_site', 'são');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({
      view,
      values: { task_name: 'Into my DM', task_site: site, task_post_in: 'D0ANA' },
    });
    const taskId = await createdTask(before);
    const card = await waitFor(() => cardFor(h, taskId));
    expect(card.channel).toBe('D0ANA');
    await h.app.whenIdle();
    expect(threadUnder(card)).toEqual([]);
  });
});

describe('a retry button is its author’s', () => {
  it('another person pressing “Open the form again” gets no form (its card would go where the author acted)', async () => {
    h.sandbox.admin.inject({ endpoint: 'POST /task/', status: 500 });
    const before = h.standin.views().length;
    await h.driver.command({ command: '/task', text: 'new Ops-only draft', channel: 'G0OPS', user: 'U0DAV' });
    const view = await newView(h, before);
    const site = await option(h, view, 'task_site', 'berlin');
    await h.driver.viewSubmission({ view, values: { task_site: site }, user: 'U0DAV' });
    const notice = await waitFor(() =>
      h.standin.messages('G0OPS').find((m) => m.ephemeralTo === 'U0DAV' && m.text.includes('Ops-only draft')),
    );
    h.sandbox.admin.clearInjections();
    const views = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_retry_open', message: notice, user: 'U0ANA' });
    // Told where the (forged) press came from: the message's own conversation, only to her.
    await waitFor(() =>
      h.standin
        .messages('G0OPS')
        .find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes('That draft has expired')),
    );
    await h.app.whenIdle();
    expect(h.standin.views().slice(views)).toEqual([]);
    // Its author still can.
    await h.driver.blockAction({ actionId: 'task_retry_open', message: notice, user: 'U0DAV' });
    const reopened = await newView(h, views);
    expect(JSON.stringify(reopened.blocks)).toContain('Ops-only draft');
  });
});
