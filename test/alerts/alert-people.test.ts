import { WebClient } from '@slack/web-api';
import { describe, expect } from 'vitest';
import { notifyAssignment } from '../../src/alerts/index.ts';
import { alertDeps } from '../../src/main/compose.ts';
import { waitFor } from '../harness.ts';
import { homeText, openHome, publishesFor } from '../home/home-helpers.ts';
import { expectValidBlocks, GENERAL, MIN, taskTest as it } from './alerts-bed.ts';

describe('alerts: the assignee is told', () => {
  it('an assignment seen on the platform DMs the assignee the task card and mentions them in the task channel', async ({
    bed,
  }) => {
    const admin = bed.h.sandbox.admin;
    const ana = admin.state.users.find((u) => u.email === 'ana.silva@plant.example');
    const task = admin.state.tasks.find(
      (t) => t.siteId === '101' && t.statusId === '5' && t.assigneeId !== ana?.id,
    );
    expect(ana && task).toBeTruthy();
    const anaSlack = bed.h.standin.users.find((u) => u.email === ana?.email);
    const dm = bed.h.standin.state.dmWith(anaSlack?.id ?? '').id;

    admin.updateTask(task?.id ?? '', { assigneeId: ana?.id ?? null });
    await bed.tick(MIN);
    const card = bed.h.standin.messages(dm).filter((m) => m.bot_id !== undefined);
    expect(card).toHaveLength(1);
    expect(card[0]?.text).toContain(task?.name);
    // The tasks feature's card, with its buttons (status, priority, edit).
    expect(JSON.stringify(card[0]?.blocks)).toContain('task_status_');
    const parent = bed.parents(GENERAL).find((m) => m.text.includes(task?.name ?? '?'));
    const reply = bed.replies(GENERAL, parent?.ts ?? '')[0];
    expect(JSON.stringify(reply?.blocks)).toContain(`→ *<@${anaSlack?.id}>*`);

    // Nothing new: no second DM.
    await bed.tick(MIN);
    expect(bed.h.standin.messages(dm).filter((m) => m.bot_id !== undefined)).toHaveLength(1);
    expectValidBlocks(bed.h);
  });

  it('assigned from Slack: the tasks feature tells the assignee at once, and the relay does not tell them again', async ({
    bed,
  }) => {
    const admin = bed.h.sandbox.admin;
    const chloe = admin.state.users.find((u) => u.email === 'chloe.martin@plant.example');
    const chloeSlack = bed.h.standin.users.find((u) => u.email === chloe?.email)?.id ?? '';
    const open = admin.state.tasks.find(
      (t) => t.siteId === '101' && t.statusId === '5' && t.assigneeId !== chloe?.id,
    );
    admin.updateTask(open?.id ?? '', { assigneeId: chloe?.id ?? null });
    const page = await bed.h.deps.sharedMonitoring.tasks.listPage({ siteIds: ['101'], limit: 200 }, null);
    const task = page.rows.find((t) => t.id === open?.id);
    expect(task?.assignee?.email).toBe(chloe?.email);
    const client = new WebClient(bed.h.standin.botToken, { slackApiUrl: bed.h.standin.apiUrl });
    const dm = () =>
      bed.h.standin.messages(bed.h.standin.state.dmWith(chloeSlack).id).filter((m) => m.bot_id !== undefined);
    expect(await notifyAssignment(alertDeps(bed.h.deps), client, task!, 'U0ANA')).toBe('sent');
    expect(dm()).toHaveLength(1);
    await bed.tick(MIN);
    expect(dm()).toHaveLength(1);
    // The channel still hears about it, with the mention.
    const parent = bed.parents(GENERAL).find((m) => m.text.includes(open?.name ?? '?'));
    expect(JSON.stringify(bed.replies(GENERAL, parent?.ts ?? '')[0]?.blocks)).toContain(`<@${chloeSlack}>`);
  });

  it('someone who turned assignment DMs off on App Home gets none; the channel still names them', async ({
    bed,
  }) => {
    const admin = bed.h.sandbox.admin;
    const ben = admin.state.users.find((u) => u.email === 'ben.okafor@plant.example');
    const benSlack = bed.h.standin.users.find((u) => u.email === ben?.email);
    const user = benSlack?.id ?? '';
    const view = await openHome(bed.h, user);
    expect(homeText(view)).toContain('When a task is assigned to you');
    const before = publishesFor(bed.h, user).length;
    await bed.h.driver.blockAction({ actionId: 'home_dm_toggle', view, user });
    await waitFor(() => publishesFor(bed.h, user).length >= before + 2);
    await waitFor(() =>
      homeText(
        bed.h.standin.views().find((v) => v.type === 'home' && v.user === user && v.open) ?? view,
      ).includes('You get no DM'),
    );

    const created = admin.createTask({
      name: 'Check the dock door seal',
      siteId: '101',
      ...(ben ? { assigneeId: ben.id } : {}),
    });
    expect(created).not.toBe('');
    await bed.tick(MIN);
    const parent = bed.parents(GENERAL).find((m) => m.text.includes('Check the dock door seal'));
    expect(JSON.stringify(parent?.blocks)).toContain(`<@${user}>`);
    // Wait for the outbox to be empty (idle), then prove the absence of a DM.
    expect((await bed.relay.status()).channels.every((c) => c.pending === 0)).toBe(true);
    expect(
      bed.h.standin.messages(bed.h.standin.state.dmWith(user).id).filter((m) => m.bot_id !== undefined),
    ).toEqual([]);
  });
});
