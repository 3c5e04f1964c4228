/**
 * Drives every kind of flow once (commands, shortcuts, modal submissions, file upload, CSV export, a relay
 * cycle with delivery) through a harness, for the secrets test to inspect what was logged and sent.
 */
import { expect } from 'vitest';
import { alertDeps } from '../../src/main/compose.ts';
import { createAlertEngine, createAlertWebClient } from '../../src/alerts/engine/alert-engine.ts';
import type { JsonObject, StoredView } from '../../src/slack-standin/index.ts';
import { viewOpenedSince } from '../fixtures/opened-view.ts';
import { PNG_WITH_IHDR as PNG } from '../fixtures/png.ts';
import { waitFor, type Harness } from '../harness.ts';

const CHANNEL = 'C0GENERAL';

async function firstOption(h: Harness, view: StoredView, actionId: string, value = ''): Promise<JsonObject> {
  const res = await h.driver.blockSuggestion({ actionId, value, view });
  const option = (res.body as { options?: JsonObject[] }).options?.[0];
  if (!option) throw new Error(`no option for ${actionId}`);
  return option;
}

async function commands(h: Harness): Promise<void> {
  for (const [command, text] of [
    ['/task', 'list'],
    ['/source', 'pump'],
    ['/reading', '1008 24h'],
    ['/reading', '1008 24h export'],
    ['/source', 'file 8001'],
    ['/monitor', 'status'],
  ] as const) {
    const before = h.standin.calls.length;
    const res = await h.driver.command({ command, text, channel: CHANNEL });
    expect(res.status).toBe(200);
    await waitFor(
      () => h.standin.calls.length > before || (typeof res.body === 'object' && res.body !== null),
      {
        timeoutMs: 10_000,
      },
    );
  }
  // the CSV export and the chart are uploaded last in their flows
  await waitFor(() => h.standin.uploads().some((f) => f.name.endsWith('.csv')), { timeoutMs: 10_000 });
}

async function taskByShortcut(h: Harness): Promise<void> {
  const before = h.standin.views().length;
  await h.driver.globalShortcut('new_task');
  const view = await viewOpenedSince(h, before, 'task_create');
  const site = await firstOption(h, view, 'task_site', 'berlin');
  const written = h.sandbox.admin.written().tasks.length;
  const result = await h.driver.viewSubmission({
    view,
    values: { task_name: 'Secrets check', task_site: site },
  });
  expect(result.closed).toBe(true);
  await waitFor(() => h.sandbox.admin.written().tasks.length > written, { timeoutMs: 10_000 });
}

async function postByCommand(h: Harness): Promise<void> {
  const before = h.standin.views().length;
  await h.driver.command({ command: '/post', text: 'Secrets check post', channel: CHANNEL });
  const view = await viewOpenedSince(h, before, 'post_create');
  const posts = h.sandbox.admin.written().posts.length;
  await h.driver.viewSubmission({
    view,
    values: { post_channel: await firstOption(h, view, 'post_channel') },
  });
  await waitFor(() => h.sandbox.admin.written().posts.length > posts, { timeoutMs: 10_000 });
}

async function uploadByShortcut(h: Harness): Promise<void> {
  const file = h.standin.addFile({ name: 'pump.png', content: PNG, mimetype: 'image/png' });
  const message = h.standin.addMessage({ channel: CHANNEL, text: 'photo from the floor', files: [file.id] });
  const before = h.standin.views().length;
  await h.driver.messageShortcut('upload_files', { channel: CHANNEL, message });
  const view = await viewOpenedSince(h, before, 'file_upload');
  const options = (await h.driver.blockSuggestion({ actionId: 'file_target', value: '', view })).body as {
    options: JsonObject[];
  };
  const target = options.options.find((o) => String(o.value).startsWith('ds:'));
  if (!target) throw new Error('no data source to upload to');
  const uploads = h.sandbox.admin.written().uploads.length;
  await h.driver.viewSubmission({ view, values: { file_target: target } });
  await waitFor(() => h.sandbox.admin.written().uploads.length > uploads, { timeoutMs: 10_000 });
}

async function alertCycle(h: Harness): Promise<void> {
  await h.driver.command({
    command: '/monitor',
    text: 'subscribe tasks site Berlin Plant',
    channel: CHANNEL,
  });
  await waitFor(() => h.standin.messages(CHANNEL).some((m) => /Subscribed/.test(m.text)), {
    timeoutMs: 10_000,
  });
  const relay = createAlertEngine(alertDeps(h.deps), {
    slack: createAlertWebClient({ token: h.standin.botToken, apiUrl: h.standin.apiUrl, log: h.deps.log }),
    options: { channelIntervalMs: 5 },
  });
  try {
    expect((await relay.runCycle()).outcome).toBe('complete');
    const task = h.sandbox.admin.state.tasks.find((t) => t.siteId === '101');
    if (!task) throw new Error('no Berlin task');
    h.sandbox.admin.updateTask(task.id, { priorityId: task.priorityId === '15' ? '5' : '15' });
    expect((await relay.runCycle()).outcome).toBe('complete');
    expect((await relay.deliverNow()).delivered).toBeGreaterThan(0);
  } finally {
    await relay.stop();
  }
}

export async function runEveryFlow(h: Harness): Promise<void> {
  await commands(h);
  await taskByShortcut(h);
  await postByCommand(h);
  await uploadByShortcut(h);
  await alertCycle(h);
}
