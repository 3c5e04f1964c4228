/**
 * Issue 35, "exactly once where a person sees it": a task made from a message in a channel that follows tasks
 * shows up once — its card in the message's thread, with an ephemeral confirmation to the person — and not
 * also as a top-level message from the relay. Absences are proved at rest (no job, the relay's outbox empty).
 */
import { expect } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { GENERAL, MIN, taskTest as it, type AlertsBed } from '../alerts/alerts-bed.ts';
import { waitFor } from '../harness.ts';
import { cards, newView, option, tasksWritten } from './task-helpers.ts';

async function atRest(bed: AlertsBed): Promise<void> {
  await bed.h.app.whenIdle();
  expect((await bed.relay.deliverNow()).errors).toEqual([]);
  expect((await bed.relay.status()).channels.every((c) => c.pending === 0)).toBe(true);
}

/** Ana makes a task from `message` in #general; resolves to the new task's id. */
async function taskFromMessage(bed: AlertsBed, message: StoredMessage): Promise<string> {
  const h = bed.h;
  const before = h.standin.views().length;
  await h.driver.messageShortcut('create_task_from_message', { channel: GENERAL, message });
  const view = await newView(h, before);
  const site = await option(h, view, 'task_site', 'berlin');
  const count = tasksWritten(h).length;
  await h.driver.viewSubmission({ view, values: { task_site: site } });
  const [record] = await waitFor(() =>
    tasksWritten(h).length > count ? tasksWritten(h).slice(count) : null,
  );
  return record!.taskId;
}

const about = (bed: AlertsBed, name: string) =>
  bed.h.standin.messages(GENERAL).filter((m) => m.bot_id !== undefined && m.text.includes(name));

it('a task from a message: one card, in its thread, an ephemeral to the person, no top-level card', async ({
  bed,
}) => {
  const h = bed.h;
  const name = 'Hydraulic hose on press 4 is weeping';
  const message = h.standin.addMessage({ channel: GENERAL, text: name, user: 'U0BEN' });
  const taskId = await taskFromMessage(bed, message);
  const card = (m: StoredMessage) => JSON.stringify(m.blocks).includes(`task_card_${taskId}`);
  await waitFor(() => cards(h).find(card));
  // The relay's cycles see the new task in a channel that follows Berlin Plant's tasks.
  await bed.tick(MIN);
  await bed.tick(MIN);
  await atRest(bed);
  expect(bed.parents(GENERAL).filter((m) => m.text.includes(name))).toEqual([]);
  const shown = about(bed, name).filter((m) => !m.ephemeralTo);
  expect(shown).toHaveLength(1);
  expect(shown[0]?.thread_ts).toBe(message.ts);
  expect(cards(h).filter(card)).toHaveLength(1);
  const note = h.standin
    .messages(GENERAL)
    .find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes(`Task ${taskId}`));
  expect(note?.text).toContain("its card is in the message's thread");
  expect(note?.thread_ts).toBeUndefined();
});

it('from a thread reply: the card and the confirmation are in that thread; the relay adds nothing', async ({
  bed,
}) => {
  const h = bed.h;
  const parent = h.standin.addMessage({ channel: GENERAL, text: 'Night shift log', user: 'U0BEN' });
  const name = 'Forklift 2 horn does not work';
  const reply = h.standin.addMessage({ channel: GENERAL, text: name, thread_ts: parent.ts, user: 'U0BEN' });
  const taskId = await taskFromMessage(bed, reply);
  await waitFor(() => cards(h).find((m) => JSON.stringify(m.blocks).includes(`task_card_${taskId}`)));
  await bed.tick(MIN);
  await atRest(bed);
  const shown = about(bed, name).filter((m) => !m.ephemeralTo);
  expect(shown.map((m) => m.thread_ts)).toEqual([parent.ts]);
  const note = h.standin
    .messages(GENERAL)
    .find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes(`Task ${taskId}`));
  expect(note?.thread_ts).toBe(parent.ts);
});

it('a task made elsewhere is still announced in the channel that follows tasks', async ({ bed }) => {
  const name = 'Check the sprinkler valves';
  bed.h.sandbox.admin.createTask({ name, siteId: '101' });
  await bed.tick(MIN);
  await atRest(bed);
  expect(bed.parents(GENERAL).filter((m) => m.text.includes(name))).toHaveLength(1);
});
