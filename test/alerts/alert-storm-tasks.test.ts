import { afterEach, describe, expect, it } from 'vitest';
import { waitFor } from '../harness.ts';
import {
  ALERTS,
  expectValidBlocks,
  GENERAL,
  MIN,
  startAlertsBed,
  startTaskBed,
  type AlertsBed,
} from './alerts-bed.ts';

describe('alerts: storms and task changes end to end', () => {
  let bed: AlertsBed;
  afterEach(() => bed.stop());

  it('groups many alerts of one site raised in one window under one site-level parent with a live count', async () => {
    bed = await startAlertsBed();
    const admin = bed.h.sandbox.admin;
    const sensors = admin.state.sources.filter((s) => s.siteId === '101' && s.applyingId === 1).slice(0, 6);
    expect(sensors.length).toBe(6);
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.tick(0);
    await bed.tick();
    const before = bed.parents(ALERTS).length;
    for (const s of sensors) admin.setLastReadingAge(s.id, 2 * 3600);
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const added = bed.parents(ALERTS).slice(before);
    expect(added).toHaveLength(1);
    const storm = added[0];
    expect(storm?.text).toMatch(/Alert storm at Berlin Plant: 6 devices with active alerts/);
    const thread = bed.replies(ALERTS, storm?.ts ?? '');
    expect(thread).toHaveLength(1);
    for (const s of sensors) expect(thread[0]?.text).toContain(s.name);

    // one device recovers: the storm parent's count drops and the thread says so
    admin.addReadings(sensors[0]?.id ?? '', [{ t: bed.now(), values: {} }]);
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(bed.parents(ALERTS)[before]?.text).toMatch(/5 devices with active alerts/);
    expect(bed.replies(ALERTS, storm?.ts ?? '').at(-1)?.text).toMatch(
      new RegExp(`${sensors[0]?.name}: healthy again`),
    );
    expectValidBlocks(bed.h);
  });

  it('a storm parent has Snooze: its thread stays quiet, the parent keeps counting, a summary when it ends', async () => {
    bed = await startAlertsBed();
    const admin = bed.h.sandbox.admin;
    const sensors = admin.state.sources.filter((s) => s.siteId === '101' && s.applyingId === 1).slice(0, 6);
    await bed.monitor('subscribe alerts site Berlin Plant');
    await bed.tick(0);
    await bed.tick();
    for (const s of sensors) admin.setLastReadingAge(s.id, 4300); // silent, and critical only after 3 h
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const storm = bed.parents(ALERTS).find((m) => m.text.startsWith('Alert storm'));
    expect(storm).toBeDefined();
    expect(await bed.snooze(storm?.ts, '1h')).toContain('Snoozed *alert storm at Berlin Plant*');
    const stormNow = () => bed.parents(ALERTS).find((m) => m.ts === storm?.ts);
    await waitFor(() =>
      /Snoozed by <@\w+> until \d\d:\d\d site time/.test(JSON.stringify(stormNow()?.blocks)),
    );
    const threadBefore = bed.replies(ALERTS, storm?.ts ?? '').length;

    admin.addReadings(sensors[0]?.id ?? '', [{ t: bed.now(), values: {} }]);
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(stormNow()?.text).toMatch(/5 devices with active alerts/);
    expect(bed.replies(ALERTS, storm?.ts ?? '')).toHaveLength(threadBefore);

    await bed.tick(30 * MIN);
    expect(bed.replies(ALERTS, storm?.ts ?? '')).toHaveLength(threadBefore);
    await bed.tick(30 * MIN);
    expect(
      bed
        .replies(ALERTS, storm?.ts ?? '')
        .slice(threadBefore)
        .map((r) => r.text),
    ).toEqual([
      expect.stringMatching(/^Snooze ended: alert storm at Berlin Plant still active, 1 update hidden/),
    ]);
    expect(JSON.stringify(stormNow()?.blocks)).not.toContain('Snoozed by');
    expectValidBlocks(bed.h);
  });

  it('records the first cycle after a task subscription silently, then posts each change once, threaded', async () => {
    bed = await startTaskBed();
    const admin = bed.h.sandbox.admin;
    expect(bed.parents(GENERAL)).toEqual([]); // first cycle: silence, however many tasks exist
    const open = admin.state.tasks.find((t) => t.siteId === '101' && t.statusId === '5');
    expect(open).toBeDefined();
    const id = open?.id ?? '';
    admin.updateTask(id, { statusId: '10', priorityId: '15', dueDate: '2099-01-01' });
    await bed.tick(MIN);
    const parents = bed.parents(GENERAL);
    expect(parents).toHaveLength(1);
    const parent = parents[0];
    expect(parent?.text).toContain(open?.name);
    expect(bed.replies(GENERAL, parent?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/status, priority, due/),
    ]);
    expect(JSON.stringify(bed.replies(GENERAL, parent?.ts ?? '')[0]?.blocks)).toMatch(
      /To Do → \*On Hold\*.*Priority: .* → \*High\*/,
    );

    await bed.tick(MIN); // nothing changed: nothing posted
    expect(bed.h.standin.messages(GENERAL).filter((m) => !m.ephemeralTo)).toHaveLength(2);

    const assignee = admin.state.users.find((u) => u.siteIds.includes('101') && u.id !== open?.assigneeId);
    admin.updateTask(id, { assigneeId: assignee?.id ?? null, dueDate: '2026-01-02' });
    await bed.tick(MIN);
    const texts = bed.replies(GENERAL, parent?.ts ?? '').map((r) => JSON.stringify(r.blocks));
    // The assignee's Slack user is known (same email): mentioned, in the reply and on the parent.
    const slackUser = bed.h.standin.users.find((u) => u.email === assignee?.email);
    expect(slackUser).toBeDefined();
    expect(texts[1]).toMatch(new RegExp(`Assignee: .* → \\*<@${slackUser?.id}>\\*`));
    expect(JSON.stringify(bed.parents(GENERAL)[0]?.blocks)).toContain(`<@${slackUser?.id}>`);
    expect(texts[1]).toMatch(/Due date: .* → \*2026-01-02\*/);
    expect(texts[1]).toMatch(/Overdue/);

    admin.updateTask(id, { statusId: '25' });
    await bed.tick(MIN);
    expect(JSON.stringify(bed.replies(GENERAL, parent?.ts ?? '').at(-1)?.blocks)).toMatch(
      /no_entry_sign.*→ \*Cancelled\*/,
    );
    expect(bed.parents(GENERAL)[0]?.text).toMatch(/Cancelled/);

    const created = admin.createTask({ name: 'Replace <!channel> gasket', siteId: '101' });
    await bed.tick(MIN);
    const newParent = bed
      .parents(GENERAL)
      .find((m) => JSON.stringify(m.blocks).includes(created === '' ? 'x' : 'gasket'));
    expect(newParent?.text).toContain('&lt;!channel&gt;');
    expect(bed.replies(GENERAL, newParent?.ts ?? '')).toEqual([]);
    expect(bed.parents(GENERAL)).toHaveLength(2);
    expectValidBlocks(bed.h);
  });

  it('filters task changes by priority', async () => {
    bed = await startTaskBed({ filter: 'priority high' });
    const admin = bed.h.sandbox.admin;
    const tasks = admin.state.tasks.filter((t) => t.siteId === '101' && t.statusId === '5');
    admin.updateTask(tasks[0]?.id ?? '', { priorityId: '5', name: 'low one' });
    admin.updateTask(tasks[1]?.id ?? '', { priorityId: '15' });
    await bed.tick(MIN);
    expect(bed.parents(GENERAL).map((m) => m.text)).toEqual([expect.stringContaining(tasks[1]?.name ?? '?')]);
  });
});
