/**
 * People act within their own platform rights. Ben's key sees Chicago Works only (local mode's links): his lists,
 * typeahead and exports show only that site; what he creates is recorded as his on the platform; a button value
 * forged to name a Berlin task changes nothing and tells him so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { openByCommand, option, tasksWritten } from '../tasks/task-helpers.ts';
import { answerTo, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
});
afterAll(() => checkBlockKitAndStop(h));

const BEN = 'U0BEN';
const siteOfTask = (id: string) => h.sandbox.admin.state.tasks.find((t) => t.id === id)?.siteId;

describe("Ben's key (Chicago Works only)", () => {
  it('lists only Chicago tasks, even when he asks for all', async () => {
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: BEN });
    const ids = [...textOf(answer).matchAll(/"value":"(\d{4})"/g)].map((m) => m[1]!);
    expect(ids.length).toBeGreaterThan(0);
    for (const id of ids) expect(siteOfTask(id)).toBe('102');
  });

  it('offers only Chicago Works in the site typeahead', async () => {
    const view = await openByCommand(h, 'new Check the boiler', 'C0GENERAL', BEN);
    const chicago = await option(h, view, 'task_site', 'chi');
    expect(JSON.stringify(chicago)).toContain('Chicago Works');
    const berlin = await h.driver.blockSuggestion({ actionId: 'task_site', value: 'ber', view, user: BEN });
    expect(JSON.stringify(berlin.body)).not.toContain('Berlin');
  });

  it('creates a task that the platform records as created by Ben (502), not the integration user', async () => {
    const view = await openByCommand(h, 'new Check the boiler feed', 'C0GENERAL', BEN);
    const site = await option(h, view, 'task_site', 'chi');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site }, user: BEN });
    const [record] = await waitFor(() =>
      tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
    );
    // Read back through the platform's own answer (auditInfo.createdBy), with the integration's key.
    const page = await h.deps.sharedMonitoring.tasks.listPage({
      textSearch: 'Check the boiler feed',
      limit: 10,
    });
    const task = page.rows.find((t) => t.id === record!.taskId);
    expect(task?.site?.id).toBe('102');
    expect(task?.auditInfo).toMatchObject({ createdBy: { id: '502' } });
  });

  it('cannot export a Berlin meter: it is not found for him, and no export is asked with his key', async () => {
    const answer = await answerTo(h, { command: '/reading', text: 'Main Energy Meter 7d export', user: BEN });
    expect(textOf(answer)).toMatch(/No data source matches/i);
    const exports = h.sandbox.admin.requests().filter((r) => r.path === '/export');
    expect(exports.filter((r) => r.query.meterId === '1001')).toEqual([]);
  });

  it('a forged button value naming a Berlin task changes nothing, and he is told he has no access to it', async () => {
    const forged: StoredMessage = h.standin.addMessage({
      channel: 'C0GENERAL',
      user: h.standin.botUserId,
      text: 'card',
      blocks: [
        {
          type: 'actions',
          elements: [
            {
              type: 'button',
              action_id: 'task_status_cancelled',
              value: '3001',
              text: { type: 'plain_text', text: 'Cancel' },
            },
          ],
        },
      ] as never,
    });
    const patches = h.sandbox.admin.written().patches.length;
    const before = h.standin.messages('C0GENERAL').length;
    await h.driver.blockAction({
      actionId: 'task_status_cancelled',
      message: forged,
      channel: 'C0GENERAL',
      user: BEN,
    });
    const told = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(before)
        .find((m) => m.ephemeralTo === BEN),
    );
    expect(textOf(told)).toContain('no access to task 3001');
    await h.app.whenIdle();
    expect(h.sandbox.admin.written().patches.length).toBe(patches);
    expect(h.sandbox.admin.state.tasks.find((t) => t.id === '3001')?.statusId).not.toBe('25');
  });
});
