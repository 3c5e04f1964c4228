/**
 * The App Home tab end to end: app_home_opened from the stand-in → skeleton, then the filled view with the
 * viewer's open tasks from the sandbox, the channels subscribed to the relay, and the platform's state.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { EMPTY_STATUS } from '../../src/alerts/rules/status.ts';
import { validateView } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { expectValidHomeViews, homeText, openHome, publishesFor, taskButtonIds } from './home-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  if (h) expect(expectValidHomeViews(h)).toBeGreaterThan(0);
  await h?.stop();
});

const ANA_PLATFORM_ID = '501';
const OPEN = new Set(['5', '10']);
const openTasksOf = (platformUserId: string) =>
  h.sandbox.admin.state.tasks.filter((t) => t.assigneeId === platformUserId && OPEN.has(t.statusId));

describe('opening the Home tab', () => {
  it("publishes a skeleton first, then the view with the user's open tasks, overdue first", async () => {
    const overdue = h.sandbox.admin.createTask({
      name: 'Calibrate the flow meter',
      siteId: '101',
      assigneeId: ANA_PLATFORM_ID,
      dueDate: '2026-10-01',
      priorityId: '15',
    });
    const later = h.sandbox.admin.createTask({
      name: 'Winter check of the roof drains',
      siteId: '101',
      assigneeId: ANA_PLATFORM_ID,
      dueDate: '2027-01-15',
    });
    const view = await openHome(h, 'U0ANA');

    const [skeleton, filled] = publishesFor(h, 'U0ANA').slice(-2);
    expect(JSON.stringify(skeleton!.args.view)).toContain('Loading your tasks');
    // The fill is conditional on the skeleton's hash: a newer render of the tab is never overwritten.
    const skeletonView = skeleton!.response.view;
    const skeletonHash =
      skeletonView !== null && typeof skeletonView === 'object' && 'hash' in skeletonView
        ? skeletonView.hash
        : undefined;
    expect(typeof skeletonHash).toBe('string');
    expect(filled!.args.hash).toBe(skeletonHash);

    const expected = openTasksOf(ANA_PLATFORM_ID).map((t) => t.id);
    expect(expected.length).toBeGreaterThan(2);
    expect(expected.length).toBeLessThanOrEqual(10);
    const shown = taskButtonIds(view);
    expect([...shown].sort()).toEqual([...expected].sort());
    expect(shown[0]).toBe(overdue);
    // Then by due date; tasks without one come last.
    const undated = openTasksOf(ANA_PLATFORM_ID).filter((t) => t.dueDate === null);
    expect(undated.length).toBeGreaterThan(0);
    for (const t of undated) expect(shown.indexOf(t.id)).toBeGreaterThan(shown.indexOf(later));
    const text = homeText(view);
    expect(text).toContain('Overdue');
    expect(text).toContain('Calibrate the flow meter');
    expect(text).toContain('assigned to Ana Silva');
    // Closed tasks of Ana's (Done, Cancelled) are not listed.
    const closed = h.sandbox.admin.state.tasks.filter(
      (t) => t.assigneeId === ANA_PLATFORM_ID && !OPEN.has(t.statusId),
    );
    expect(closed.length).toBeGreaterThan(0);
    for (const t of closed) expect(shown).not.toContain(t.id);
    expect(text).toContain('Monitoring platform:* connected');
  });

  it('renders a task named <!channel> escaped, so it pings nobody', async () => {
    const id = h.sandbox.admin.createTask({
      name: '<!channel> & <@U0BEN> check <https://evil.example|this>',
      siteId: '104',
      assigneeId: ANA_PLATFORM_ID,
    });
    const view = await openHome(h, 'U0ANA');
    expect(taskButtonIds(view)).toContain(id);
    const text = homeText(view);
    expect(text).toContain('&lt;!channel&gt; &amp; &lt;@U0BEN&gt; check &lt;https://evil.example|this&gt;');
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<https://evil.example');
  });

  it('explains a Slack user whose email no platform user has', async () => {
    const text = homeText(await openHome(h, 'U0EVE'));
    expect(text).toContain('No platform user has your Slack email');
    expect(text).toContain('eve@contractor.example');
    expect(text).not.toContain('home_task_open_');
  });

  it('explains a Slack user whose profile shows no email', async () => {
    const text = homeText(await openHome(h, 'U0NIA'));
    expect(text).toContain("can't see an email address on your Slack profile");
    expect(text).not.toContain('home_task_open_');
  });

  it('ignores the Messages tab', async () => {
    const before = publishesFor(h, 'U0BEN').length;
    const res = await h.driver.event({
      type: 'app_home_opened',
      user: 'U0BEN',
      channel: 'DBEN',
      tab: 'messages',
    });
    expect(res.status).toBe(200);
    // The Home tab of the same user still publishes normally afterwards: the event above did nothing.
    await openHome(h, 'U0BEN');
    expect(publishesFor(h, 'U0BEN').length).toBe(before + 2);
  });
});

describe('platform failures', () => {
  it('renders a notice inside the tab when the platform answers 500', async () => {
    await openHome(h, 'U0ANA');
    h.sandbox.admin.inject({ endpoint: 'GET /tasks', status: 500, times: 100 });
    try {
      const view = await openHome(h, 'U0ANA');
      const text = homeText(view);
      expect(text).toContain("Your tasks can't be shown right now");
      expect(text).toContain('The monitoring platform is unavailable right now');
      expect(text).toContain('Monitoring platform:* unreachable');
      expect(text).toMatch(/ref `[A-Z2-9]{6}`/);
      expect(text).not.toContain('home_task_open_');
      // The rest of the tab still works.
      expect(text).toContain('home_new_task');
    } finally {
      h.sandbox.admin.clearInjections();
    }
  });
});

describe('channels and relay state', () => {
  it('lists the channels subscribed to alerts and tasks, and the relay’s last check', async () => {
    const rs = alertStore(h.deps.store);
    const now = Date.now();
    await rs.saveSubscriptions({
      channel: 'C0ALERTS',
      alerts: { siteIds: ['101'], siteNames: ['Berlin <Plant>'], minSeverity: 'critical', since: now },
      tasks: null,
    });
    await rs.saveSubscriptions({
      channel: 'C0MAINT',
      alerts: null,
      tasks: { siteIds: null, siteNames: [], minPriority: 'high', since: now, primed: true },
    });
    await rs.saveStatus({ ...EMPTY_STATUS, lastCycleAt: now - 60_000, lastCompleteAt: now - 60_000 });
    const text = homeText(await openHome(h, 'U0DAV'));
    expect(text).toContain('<#C0ALERTS>');
    expect(text).toContain('Berlin &lt;Plant&gt;');
    expect(text).toContain('critical only');
    expect(text).toContain('<#C0MAINT>');
    expect(text).toContain('high priority only');
    expect(text).toContain('Channel alerts: last checked <!date^');
    expect(text).not.toContain('Relay');
  });
});

describe('buttons on the Home tab', () => {
  it('New task opens the create-task modal', async () => {
    const view = await openHome(h, 'U0ANA');
    const res = await h.driver.blockAction({ actionId: 'home_new_task', view, user: 'U0ANA' });
    expect(res.status).toBe(200);
    const modal = await waitFor(() =>
      h.standin
        .views()
        .find((v) => v.type === 'modal' && v.user === 'U0ANA' && v.callback_id === 'task_create'),
    );
    expect(modal.open).toBe(true);
  });

  it("Open card posts the task's card to the user's DM and says so where they are, linking to it", async () => {
    const view = await openHome(h, 'U0ANA');
    const id = taskButtonIds(view)[0]!;
    const viewsBefore = h.standin.views().length;
    const res = await h.driver.blockAction({ actionId: `home_task_open_${id}`, view, user: 'U0ANA' });
    expect(res.status).toBe(200);
    const card = await waitFor(() =>
      h.standin.messages().find((m) => JSON.stringify(m.blocks ?? []).includes(`"task_card_${id}"`)),
    );
    expect(card.channel).toBe(h.standin.state.dmWith('U0ANA').id);
    expect(JSON.stringify(card.blocks)).toContain('task_status_');
    // The Home tab has no channel: the answer is a modal over it, opened with the click's trigger.
    const answer = await waitFor(() => {
      const modal = h.standin
        .views()
        .slice(viewsBefore)
        .find((v) => v.type === 'modal' && v.user === 'U0ANA' && v.callback_id === 'home_card_opened');
      return modal && JSON.stringify(modal.blocks).includes('open it') ? modal : null;
    });
    expect(answer.open).toBe(true);
    const text = JSON.stringify(answer.blocks);
    expect(text).toContain('posted in your DM with fieldline');
    expect(text).toContain(`/archives/${card.channel}/p${card.ts.replace('.', '')}|open it>`);
    const name = h.sandbox.admin.state.tasks.find((t) => t.id === id)!.name;
    expect(text).toContain(name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;'));
    for (const call of h.standin.callsTo('views.open').concat(h.standin.callsTo('views.update'))) {
      if (call.args.view && JSON.stringify(call.args.view).includes('home_card_opened')) {
        expect(call.response.ok, `${call.method}: ${String(call.response.error)}`).toBe(true);
        expect(validateView(call.args.view)).toEqual([]);
      }
    }
  });

  it('Refresh publishes the tab again with current data', async () => {
    const view = await openHome(h, 'U0ANA');
    const id = h.sandbox.admin.createTask({
      name: 'Added after the tab opened',
      siteId: '101',
      assigneeId: ANA_PLATFORM_ID,
    });
    const before = publishesFor(h, 'U0ANA').length;
    await h.driver.blockAction({ actionId: 'home_refresh', view, user: 'U0ANA' });
    await waitFor(() => publishesFor(h, 'U0ANA').length >= before + 2);
    expect(
      taskButtonIds(h.standin.views().find((v) => v.type === 'home' && v.user === 'U0ANA' && v.open)!),
    ).toContain(id);
  });
});
