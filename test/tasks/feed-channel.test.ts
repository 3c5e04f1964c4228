/**
 * Issue 37: the create modal's "Feed post channel" is an option value that came back from Slack, and POST /task/
 * takes any toChannelId. Ben's key sees Chicago Works only (local links): a submission naming Berlin's feed channel
 * is refused — on the field when the site list answers in time, else after the ack with everything he typed kept —
 * and no task (so no feed post in Berlin's feed) is created. His own site's feed still works.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { openByCommand, option, tasksWritten } from './task-helpers.ts';

const BERLIN_FEED = { text: { type: 'plain_text', text: 'Berlin Plant feed' }, value: '7101' };
const CHICAGO = { text: { type: 'plain_text', text: 'Chicago Works' }, value: '102' };

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local', configOverrides: { FIELDLINE_COMPANY_ID: '42' } });
});
afterAll(async () => {
  await h?.stop();
});
beforeEach(() => {
  h.sandbox.admin.clearInjections();
});

describe('a feed post channel the person’s key does not list', () => {
  // First: the site list of Ben's key is not cached yet.
  it('when the site list answers after the modal closed: refused after the ack, his input echoed, nothing created', async () => {
    // Every data-source read is slow: the modal's check cannot wait for the site list, the job does.
    h.sandbox.admin.inject({ endpoint: 'GET /data-sources', latencyMs: 1_800, times: 50 });
    const view = await openByCommand(h, 'new Slow platform gasket', 'C0GENERAL', 'U0BEN');
    const before = tasksWritten(h).length;
    const result = await h.driver.viewSubmission({
      view,
      values: { task_site: CHICAGO, task_channel: BERLIN_FEED, task_description: 'keep me too' },
      user: 'U0BEN',
    });
    expect(result.closed).toBe(true);
    const notice = await waitFor(
      () =>
        h.standin
          .messages('C0GENERAL')
          .find((m) => m.ephemeralTo === 'U0BEN' && m.text.includes('Slow platform gasket')),
      { timeoutMs: 15_000 },
    );
    expect(notice.text).toContain('not the feed channel of a site you can see');
    expect(JSON.stringify(notice.blocks)).toContain('keep me too');
    await h.app.whenIdle();
    expect(tasksWritten(h).length).toBe(before);
  });

  it('is refused on the field, nothing created; his own site’s feed works', async () => {
    const view = await openByCommand(h, 'new Gasket check', 'C0GENERAL', 'U0BEN');
    const site = await option(h, view, 'task_site', 'chicago');
    expect(site).toMatchObject({ value: '102' });
    const before = tasksWritten(h).length;
    const result = await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_channel: BERLIN_FEED, task_description: 'keep me' },
      user: 'U0BEN',
    });
    expect(result.responseAction).toBe('errors');
    expect(result.errors?.task_channel).toContain('not the feed channel of a site you can see');
    expect(JSON.stringify(h.standin.view(view.id)?.state)).toContain('keep me');
    await h.app.whenIdle();
    expect(tasksWritten(h).length).toBe(before);

    const own = await option(h, view, 'task_channel', '');
    expect(own).toMatchObject({ value: '7102' });
    const again = await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_channel: own, task_description: 'keep me' },
      user: 'U0BEN',
    });
    expect(again.closed).toBe(true);
    const [record] = await waitFor(() =>
      tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
    );
    expect(record!.body.toChannelId).toBe('7102');
  });
});
