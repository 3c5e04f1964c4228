/**
 * Card buttons and the Home tab run their work as jobs (issue 18; declared once, issue 36): the click or event is
 * acked on receipt, and the declaration's work runs once, as its job. Proven from outside over loopback HTTP:
 * the app's /readyz counts the job of each kind as done, and what the work does (the PATCH, the card, the tab)
 * happened. No sleeps: the app's whenIdle waits for requests and jobs alike.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { cardFor, cardText, newView, openByCommand, option, tasksWritten } from './task-helpers.ts';

let h: Harness;
/** Ana's platform user in the sandbox's seed (she is linked to it by the harness). */
const ANA_PLATFORM_ID = '501';
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

const kindStats = z.looseObject({ done: z.number(), failed: z.number(), refused: z.number() });
const readyz = z.looseObject({
  jobs: z.looseObject({ waiting: z.number(), running: z.number(), kinds: z.record(z.string(), kindStats) }),
});

async function jobs() {
  const res = await fetch(`${h.url}/readyz`);
  expect(res.status).toBe(200);
  return readyz.parse(await res.json()).jobs;
}

async function createTask(name: string) {
  const view = await openByCommand(h, `new ${name}`);
  const site = await option(h, view, 'task_site', 'berlin');
  const before = tasksWritten(h).length;
  await h.driver.viewSubmission({ view, values: { task_site: site } });
  await h.app.whenIdle();
  const record = tasksWritten(h)[before];
  expect(record, 'the task was created').toBeDefined();
  const card = cardFor(h, record!.taskId);
  expect(card, 'the card was posted').toBeDefined();
  return { taskId: record!.taskId, card: card! };
}

describe('card buttons run as jobs', () => {
  it('a status click is acked, then its job PATCHes the task and updates the card in place', async () => {
    const { taskId, card } = await createTask('Job status change');
    expect((await jobs()).kinds['tasks.status']).toBeUndefined();
    const patches = h.sandbox.admin.written().patches.length;

    const res = await h.driver.blockAction({
      actionId: 'task_status_done',
      message: card,
      channel: card.channel,
    });
    expect(res.status).toBe(200);
    await h.app.whenIdle();

    const after = await jobs();
    expect(after.kinds['tasks.status']).toMatchObject({ done: 1, failed: 0, refused: 0 });
    expect(after).toMatchObject({ waiting: 0, running: 0 });
    const written = h.sandbox.admin.written().patches.slice(patches);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ taskId, body: { statusId: '20' } });
    const updated = cardFor(h, taskId)!;
    expect(updated.ts).toBe(card.ts);
    expect(cardText(updated)).toContain('*Status*\\nDone');
  });

  it('a priority change is a job of its own kind', async () => {
    const { taskId, card } = await createTask('Job priority change');
    await h.driver.blockAction({
      actionId: 'task_priority',
      message: card,
      channel: card.channel,
      selectedOption: `${taskId}|15`,
    });
    await h.app.whenIdle();
    expect((await jobs()).kinds['tasks.priority']).toMatchObject({ done: 1, failed: 0 });
    expect(h.sandbox.admin.written().patches.at(-1)).toMatchObject({ taskId, body: { priorityId: '15' } });
  });
});

describe('modal submissions run as jobs', () => {
  it('an edit submission closes the modal, then its job PATCHes only the changed fields from what was checked', async () => {
    const { taskId, card } = await createTask('Job edit');
    const views = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_edit_open', message: card, channel: card.channel });
    await h.app.whenIdle();
    const view = await newView(h, views, 'task_edit');
    const patches = h.sandbox.admin.written().patches.length;
    const result = await h.driver.viewSubmission({ view, values: { task_name: 'Job edit, renamed' } });
    expect(result.closed).toBe(true);
    await h.app.whenIdle();
    expect((await jobs()).kinds['tasks.edit']).toMatchObject({ done: 1, failed: 0 });
    const written = h.sandbox.admin.written().patches.slice(patches);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({ taskId, body: { name: 'Job edit, renamed' } });
    expect(cardText(cardFor(h, taskId)!)).toContain('Job edit, renamed');
  });
});

describe('the Home tab runs as a job', () => {
  it('app_home_opened (an event, no ack) publishes the tab, skeleton then data, from its job', async () => {
    const publishes = () => h.standin.callsTo('views.publish').filter((c) => c.args.user_id === 'U0BEN');
    expect(publishes()).toHaveLength(0);
    const res = await h.driver.appHomeOpened({ user: 'U0BEN' });
    expect(res.status).toBe(200);
    await h.app.whenIdle();
    expect((await jobs()).kinds['home.opened']).toMatchObject({ done: 1, failed: 0 });
    expect(publishes()).toHaveLength(2);
    expect(JSON.stringify(publishes()[1]!.args.view)).not.toContain('Loading your tasks');
  });

  it('Open card opens its answer modal on receipt; the job posts the card and fills that same modal', async () => {
    const id = h.sandbox.admin.createTask({
      name: 'Job open card',
      siteId: '101',
      assigneeId: ANA_PLATFORM_ID,
    });
    await h.driver.appHomeOpened({ user: 'U0ANA' });
    await h.app.whenIdle();
    const home = h.standin.views().find((v) => v.type === 'home' && v.user === 'U0ANA' && v.open);
    expect(JSON.stringify(home?.blocks)).toContain(`home_task_open_${id}`);
    const opensBefore = h.standin.callsTo('views.open').length;
    const updatesBefore = h.standin.callsTo('views.update').length;

    await h.driver.blockAction({ actionId: `home_task_open_${id}`, view: home!, user: 'U0ANA' });
    await h.app.whenIdle();

    expect((await jobs()).kinds['home.task-open']).toMatchObject({ done: 1, failed: 0 });
    const opened = h.standin.callsTo('views.open').slice(opensBefore);
    expect(opened).toHaveLength(1);
    const modalId = (opened[0]!.response.view as { id: string }).id;
    const updated = h.standin.callsTo('views.update').slice(updatesBefore);
    expect(updated.map((c) => c.args.view_id)).toEqual([modalId]);
    expect(JSON.stringify(updated[0]!.args.view)).toContain('posted in your DM with fieldline');
    const card = h.standin
      .messages(h.standin.state.dmWith('U0ANA').id)
      .find((m) => JSON.stringify(m.blocks ?? []).includes(`"task_card_${id}"`));
    expect(card).toBeDefined();
  });
});
