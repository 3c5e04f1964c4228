/**
 * Platform names that try to ping a channel, mention a user, inject a link or blow every limit (10,000
 * characters) arrive escaped and within Block Kit limits in /source lists, /task lists, task cards and the
 * relay's alert and task messages.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { renderAlertParent } from '../../src/alerts/render/alert-message.ts';
import { renderTaskCard } from '../../src/tasks/render/task-card.ts';
import { validateBlocks } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { ALERTS, startAlertsBed, type AlertsBed } from '../alerts/alerts-bed.ts';
import { expectEscaped, HOSTILE, hostileRows, LONG, sandboxRows, shown } from './injection-helpers.ts';

describe('hostile names in command answers', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.stop();
  });
  afterEach(() => h.sandbox.admin.clearInjections());

  async function answerTo(command: string, text: string, channel: string) {
    h.standin.addChannel({
      id: channel,
      name: channel.toLowerCase(),
      is_private: false,
      is_im: false,
      is_member: true,
    });
    const res = await h.driver.command({ command, text, channel });
    expect(res.status).toBe(200);
    return waitFor(() => h.standin.messages(channel).find((m) => shown(m).includes('&lt;!channel&gt;')), {
      timeoutMs: 10_000,
    });
  }

  it('/source lists hostile data-source and site names escaped', async () => {
    const rows = hostileRows(await sandboxRows(h, '/data-sources?limit=4'));
    h.sandbox.admin.inject({
      endpoint: 'GET /data-sources',
      body: { data: rows, lastValue: null },
      times: 3,
    });
    expectEscaped(await answerTo('/source', 'feeder', 'CINJSRC'));
  });

  it('/task list shows hostile task, site and assignee names escaped', async () => {
    const rows = hostileRows(await sandboxRows(h, '/tasks?limit=4')).map((t) => ({
      ...t,
      description: HOSTILE,
      assignee:
        typeof t.assignee === 'object' && t.assignee !== null
          ? { ...t.assignee, name: HOSTILE, firstName: HOSTILE, lastName: LONG }
          : t.assignee,
    }));
    h.sandbox.admin.inject({ endpoint: 'GET /tasks', body: { data: rows, lastValue: null }, times: 3 });
    expectEscaped(await answerTo('/task', 'list', 'CINJTSK'));
  });

  it('a task card built from hostile platform data stays escaped and within limits', async () => {
    const rows = hostileRows(await sandboxRows(h, '/tasks?limit=2'));
    h.sandbox.admin.inject({ endpoint: 'GET /tasks', body: { data: rows, lastValue: null }, times: 1 });
    const page = await h.deps.sharedMonitoring.tasks.listPage({ limit: 2 }, null);
    expect(page.rows).toHaveLength(2);
    for (const task of page.rows) {
      const card = renderTaskCard(task, {
        timeZone: 'Europe/Berlin',
        statuses: h.deps.directory.statuses,
        nowMs: Date.now(),
      });
      expectEscaped(card);
    }
  });

  it('an alert message about a hostile source and site stays escaped and within limits', () => {
    const msg = renderAlertParent(
      {
        key: 'k',
        episodeId: 'e',
        sourceId: '1',
        sourceName: LONG + HOSTILE,
        siteId: '101',
        siteName: HOSTILE,
        siteTimeZone: 'Europe/Berlin',
        condition: 'invalid',
        severity: 'critical',
        detail: HOSTILE,
        raisedAt: Date.now(),
        clearedAt: null,
        durationMs: null,
      },
      'alert:e',
      null,
    );
    expectEscaped(msg);
    expect(validateBlocks(msg.blocks, 'message')).toEqual([]);
  });
});

describe('hostile names in relay messages', () => {
  let bed: AlertsBed;
  afterEach(() => bed.stop());

  it('task events about hostile task names are posted escaped', async () => {
    bed = await startAlertsBed();
    await bed.monitor('subscribe tasks site Berlin Plant', ALERTS);
    await bed.tick(0);
    bed.h.sandbox.admin.createTask({ name: HOSTILE, siteId: '101', description: HOSTILE });
    bed.h.sandbox.admin.createTask({ name: LONG, siteId: '101' });
    await bed.tick();
    const parents = bed.parents(ALERTS).filter((m) => shown(m).includes('&lt;!'));
    expect(parents.length).toBeGreaterThanOrEqual(2);
    for (const m of bed.parents(ALERTS)) expectEscaped({ text: m.text, blocks: m.blocks });
  });

  it('alerts about hostile data-source names are posted escaped', async () => {
    bed = await startAlertsBed();
    const rows = hostileRows(await sandboxRows(bed.h, '/data-sources?limit=6'))
      .filter(
        (r) =>
          typeof r.applying === 'object' &&
          r.applying !== null &&
          'id' in r.applying &&
          r.applying.id !== '7',
      )
      .map((r) => ({ ...r, validationStatus: 30 }));
    bed.h.sandbox.admin.inject({
      endpoint: 'GET /data-sources',
      body: { data: rows, lastValue: null },
      times: 50,
    });
    await bed.monitor('subscribe alerts', ALERTS);
    await bed.tick(0);
    await bed.tick();
    await bed.tick();
    const alerts = bed.parents(ALERTS).filter((m) => shown(m).includes('&lt;!channel&gt;'));
    expect(alerts.length).toBeGreaterThan(0);
    for (const m of alerts) expectEscaped({ text: m.text, blocks: m.blocks });
  });
});
