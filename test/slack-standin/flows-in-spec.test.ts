/**
 * fieldline's main flows through the stand-in with the Web API argument check on: every call they make uses only
 * methods and arguments Slack publishes (../shared/slack/web-api-spec). The harness fails any test whose calls
 * left a problem (test/harness.ts stop()); this file runs one of each main flow in one place and names the
 * methods it covered, so a flow that stops calling Slack cannot pass unnoticed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webApiSpecAvailable } from '../../src/slack-standin/index.ts';
import { openHome } from '../home/home-helpers.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { readingAnswer } from '../readings/flow-helpers.ts';
import { openByCommand, option, tasksWritten } from '../tasks/task-helpers.ts';

let h: Harness;

describe.skipIf(!webApiSpecAvailable())('main flows against Slack’s published Web API arguments', () => {
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h?.stop();
  });

  it('runs with the check on', () => {
    expect(h.standin.checksWebApiSpec).toBe(true);
  });

  it('/task new → modal → card', async () => {
    const view = await openByCommand(h, 'new Spec check valve');
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site, task_priority_input: '15' } });
    await waitFor(() => tasksWritten(h).length > before);
    expect(h.standin.specProblems()).toEqual([]);
  });

  it('/reading with its chart upload, and /reading … export', async () => {
    await readingAnswer(h, 'Cooling Water Flow 7d');
    await waitFor(() => h.standin.uploads().find((f) => f.name.endsWith('.png') && f.completed));
    await h.driver.command({ command: '/reading', text: 'Main Energy Meter yesterday export' });
    await waitFor(() => h.standin.uploads().find((f) => f.name.endsWith('.csv') && f.completed), {
      timeoutMs: 15_000,
    });
    expect(h.standin.specProblems()).toEqual([]);
  });

  it('/monitor subscribe, /post modal, and the Home tab', async () => {
    const before = h.standin.messages('C0ALERTS').length;
    const res = await h.driver.command({
      command: '/monitor',
      text: 'subscribe alerts',
      channel: 'C0ALERTS',
    });
    // the answer comes in the ack or, after platform calls, as an ephemeral reply
    const acked = typeof res.body === 'object' && res.body !== null && 'text' in res.body;
    if (!acked)
      await waitFor(() =>
        h.standin
          .messages('C0ALERTS')
          .slice(before)
          .find((m) => m.ephemeralTo !== undefined),
      );
    const views = h.standin.views().length;
    await h.driver.command({ command: '/post', text: 'Line 3 is running again', channel: 'C0GENERAL' });
    await waitFor(() => h.standin.views().length > views);
    await openHome(h, 'U0ANA');
    expect(h.standin.specProblems()).toEqual([]);
  });

  it('covered the methods of those flows, every one of them in the spec', () => {
    const called = new Set(h.standin.calls.map((c) => c.method));
    for (const method of [
      'chat.postMessage',
      'chat.update',
      'views.open',
      'views.publish',
      'files.getUploadURLExternal',
      'files.completeUploadExternal',
    ])
      expect(called, method).toContain(method);
    expect(h.standin.specProblems()).toEqual([]);
  });
});
