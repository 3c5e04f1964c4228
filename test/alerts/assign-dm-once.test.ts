/**
 * Issue 35, "exactly once where a person sees it": an assignment DMs its assignee one card however many paths
 * notice it at once (the tasks feature's job, relay cycles, a second replica's relay), on every store; the card
 * is then edited in place (chat.update) when the task is reassigned or done, never posted again. Absences are
 * proved once everything is at rest: no job running and every relay outbox empty.
 */
import { WebClient } from '@slack/web-api';
import { describe, expect, it } from 'vitest';
import { notifyAssignment } from '../../src/alerts/index.ts';
import { alertDeps } from '../../src/main/compose.ts';
import type { Task } from '../../src/monitoring/api.ts';
import type { AlertEngine } from '../../src/alerts/engine/alert-engine.ts';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { waitFor } from '../harness.ts';
import { redisUrl } from '../setup/redis-url.ts';
import { cardFor, newView, openByCommand, option, tasksWritten } from '../tasks/task-helpers.ts';
import { GENERAL, MIN, startTaskBed, taskTest, type AlertsBed } from './alerts-bed.ts';

const CONCURRENT = 16;

function dmCards(bed: AlertsBed, user: string): StoredMessage[] {
  return bed.h.standin
    .messages(bed.h.standin.state.dmWith(user).id)
    .filter((m) => m.bot_id !== undefined && !m.ephemeralTo);
}

const json = (m: StoredMessage | undefined) => JSON.stringify(m?.blocks ?? []);

async function platformTask(bed: AlertsBed, id: string): Promise<Task> {
  const page = await bed.h.deps.sharedMonitoring.tasks.listPage({ siteIds: ['101'], limit: 200 }, null);
  const task = page.rows.find((t) => t.id === id);
  if (!task) throw new Error(`task ${id} not on the platform`);
  return task;
}

/** Everything at rest: no job waiting or running, and nothing left to deliver in any relay's outbox. */
async function atRest(bed: AlertsBed, relays: AlertEngine[] = [bed.relay]): Promise<void> {
  await bed.h.app.whenIdle();
  for (const relay of relays) expect((await relay.deliverNow()).errors).toEqual([]);
  expect((await bed.relay.status()).channels.every((c) => c.pending === 0)).toBe(true);
}

/** An open Berlin task nobody in Slack holds, assigned on the platform to `email`; its platform id. */
function assignOnPlatform(bed: AlertsBed, email: string, taskId?: string): string {
  const admin = bed.h.sandbox.admin;
  const person = admin.state.users.find((u) => u.email === email);
  const task =
    taskId ??
    admin.state.tasks.find((t) => t.siteId === '101' && t.statusId === '5' && t.assigneeId === null)?.id ??
    admin.state.tasks.find((t) => t.siteId === '101' && t.statusId === '5')?.id;
  if (!person || !task) throw new Error('seed changed: no person or open Berlin task');
  admin.updateTask(task, { assigneeId: person.id });
  return task;
}

for (const store of ['memory', 'sqlite', 'redis'] as const) {
  describe.skipIf(store === 'redis' && !redisUrl())(`one DM card per assignment (${store} store)`, () => {
    it(`${CONCURRENT} Slack-path notifications and two relays' cycles at once DM the assignee once`, async () => {
      const bed = await startTaskBed({ harness: { store } });
      const replica = bed.newEngine();
      try {
        const taskId = assignOnPlatform(bed, 'chloe.martin@plant.example');
        const task = await platformTask(bed, taskId);
        // The tasks feature may also tell it from what it sent, before the platform's read-back (no version).
        const asSent: Task = { ...task, auditInfo: null };
        const client = new WebClient(bed.h.standin.botToken, { slackApiUrl: bed.h.standin.apiUrl });
        const deps = alertDeps(bed.h.deps);
        await Promise.all([
          ...Array.from({ length: CONCURRENT }, (_, i) =>
            notifyAssignment(deps, client, i % 2 === 0 ? task : asSent, 'U0ANA'),
          ),
          ...[bed.relay, replica].map(async (relay) => {
            await relay.runCycle();
            await relay.deliverNow();
          }),
        ]);
        await atRest(bed, [bed.relay, replica]);
        const cards = dmCards(bed, 'U0CHL');
        expect(cards).toHaveLength(1);
        expect(json(cards[0])).toContain(`task_card_${taskId}`);
        // Later cycles notice nothing new to say.
        await bed.tick(MIN);
        await bed.tick(MIN);
        await atRest(bed);
        expect(dmCards(bed, 'U0CHL').map((m) => m.ts)).toEqual([cards[0]?.ts]);
      } finally {
        await replica.stop();
        await bed.stop();
      }
    });
  });
}

describe('the DM card follows its task', () => {
  taskTest(
    'reassigned on the platform: the new assignee gets their own card, the old one says so; done edits it',
    async ({ bed }) => {
      const taskId = assignOnPlatform(bed, 'chloe.martin@plant.example');
      await bed.tick(MIN);
      const [chloe] = dmCards(bed, 'U0CHL');
      expect(json(chloe)).toContain('task_status_');

      assignOnPlatform(bed, 'ben.okafor@plant.example', taskId);
      await bed.tick(MIN);
      await atRest(bed);
      const ben = dmCards(bed, 'U0BEN');
      expect(ben).toHaveLength(1);
      expect(json(ben[0])).toContain('Ben Okafor');
      // Chloe's card is the same message, now saying where the task went, without its buttons.
      const chloeNow = dmCards(bed, 'U0CHL');
      expect(chloeNow.map((m) => m.ts)).toEqual([chloe?.ts]);
      expect(json(chloeNow[0])).toContain('Reassigned to *Ben Okafor*');
      expect(json(chloeNow[0])).not.toContain('task_status_');

      bed.h.sandbox.admin.updateTask(taskId, { statusId: '20' });
      await bed.tick(MIN);
      await atRest(bed);
      const benNow = dmCards(bed, 'U0BEN');
      expect(benNow.map((m) => m.ts)).toEqual([ben[0]?.ts]);
      expect(json(benNow[0])).toContain('*Status*\\nDone');
      expect(dmCards(bed, 'U0CHL')).toHaveLength(1);
    },
  );

  for (const runner of ['event-loop', 'thread'] as const) {
    it(`assigned and reassigned from Slack (jobs on the ${runner}): one card each, the old one edited at once, nothing again from the relay`, async () => {
      const bed = await startTaskBed({ harness: { jobs: { runner } } });
      try {
        const h = bed.h;
        // David creates a Berlin task for Ben; the job DMs Ben, then relay cycles notice the same assignment.
        const view = await openByCommand(h, 'new Replace the dock seal', GENERAL, 'U0DAV');
        const site = await option(h, view, 'task_site', 'berlin');
        const count = tasksWritten(h).length;
        await h.driver.viewSubmission({
          view,
          values: { task_site: site, task_assignee: 'U0BEN' },
          user: 'U0DAV',
        });
        const [record] = await waitFor(() =>
          tasksWritten(h).length > count ? tasksWritten(h).slice(count) : null,
        );
        const taskId = record!.taskId;
        await waitFor(() => dmCards(bed, 'U0BEN').length > 0);
        await bed.tick(MIN);
        await bed.tick(MIN);
        await atRest(bed);
        const [ben] = dmCards(bed, 'U0BEN');
        expect(dmCards(bed, 'U0BEN')).toHaveLength(1);

        // David reassigns it to Ana with the channel card's Edit: Ana is told and Ben's card changes, before any cycle.
        const card = await waitFor(() => cardFor(h, taskId));
        const before = h.standin.views().length;
        await h.driver.blockAction({
          actionId: 'task_edit_open',
          message: card,
          channel: card.channel,
          user: 'U0DAV',
        });
        const edit = await newView(h, before, 'task_edit');
        await h.driver.viewSubmission({ view: edit, values: { task_assignee: 'U0ANA' }, user: 'U0DAV' });
        await waitFor(() => dmCards(bed, 'U0ANA').length > 0);
        await waitFor(() => json(dmCards(bed, 'U0BEN')[0]).includes('Reassigned to *Ana Silva*'));
        await bed.tick(MIN);
        await atRest(bed);
        expect(dmCards(bed, 'U0ANA')).toHaveLength(1);
        expect(dmCards(bed, 'U0BEN').map((m) => m.ts)).toEqual([ben?.ts]);
      } finally {
        await bed.stop();
      }
    });
  }
});
