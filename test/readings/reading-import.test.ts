/**
 * CSV import from Slack: the message shortcut and the DM route, the file checked against the template before
 * anything is uploaded (line numbers for every bad row), the import confirmed when its readings can be read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredView } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, expectValidBlockKit, postedSince, sourceNamed, waitFor } from './source-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

function csvMessage(name: string, content: string, channel = CHANNEL) {
  const file = h.standin.addFile({ name, content, mimetype: 'text/csv' });
  return h.standin.addMessage({ channel, text: 'readings from the logger', files: [file.id] });
}

async function openImportModal(run: () => Promise<unknown>): Promise<StoredView> {
  const before = new Set(h.standin.views().map((v) => v.id));
  await run();
  return waitFor(() =>
    h.standin.views().find((v) => v.callback_id === 'reading_import' && v.open && !before.has(v.id)),
  );
}

async function importInto(sourceName: string, view: StoredView) {
  const suggestion = await h.driver.blockSuggestion({
    actionId: 'reading_import_source',
    value: sourceName,
    view,
  });
  const options = (suggestion.body as { options: { value: string; text: { text: string } }[] }).options;
  const option = options.find((o) => o.text.text.startsWith(sourceName));
  expect(option?.value).toBe(sourceNamed(h, sourceName).id);
  return h.driver.viewSubmission({ view, values: { source: option!.value } });
}

const threadOf = (ts: string) => () => h.standin.messages(CHANNEL).filter((m) => m.thread_ts === ts);

describe('Import readings (message shortcut)', () => {
  it('checks, uploads, says the import is asynchronous, then confirms the readings are readable', async () => {
    const imports = h.sandbox.admin.written().imports.length;
    const csv = [
      'timestamp,Active Power,Energy,Breaker State,Submitted By',
      '2026-11-19 10:07:00,181.5,50100.5,CLOSED,ana',
      '2026-11-19 10:22:00,182.5,,OPEN,ana',
      '2026-11-19 10:37:00,183.5,50200,CLOSED,ana',
    ].join('\n');
    const message = csvMessage('logger.csv', csv);
    const view = await openImportModal(() =>
      h.driver.messageShortcut('import_readings', { channel: CHANNEL, message }),
    );
    const result = await importInto('Main Energy Meter', view);
    expect(result.closed).toBe(true);
    const confirmed = await waitFor(() => threadOf(message.ts)().find((m) => m.text.includes('confirmed')), {
      timeoutMs: 15_000,
    });
    expect(confirmed.text).toBe('Import of logger.csv confirmed');
    expect(threadOf(message.ts)().some((m) => m.text.includes('arrived; import is asynchronous'))).toBe(true);
    const run = h.sandbox.admin.written().imports.slice(imports);
    expect(run).toHaveLength(1);
    expect(run[0]).toMatchObject({ state: 'done', rows: 3, errors: [] });
    // the bot token went to the stand-in's file host only, and never to the platform
    const fetches = h.standin.fileRequests();
    expect(fetches.at(-1)?.headers.authorization).toBe(`Bearer ${h.standin.botToken}`);
    const leaked = h.sandbox.admin
      .requests()
      .filter((r) => JSON.stringify(r.headers).includes(h.standin.botToken));
    expect(leaked).toEqual([]);
  });

  it('rejects an unknown column before uploading, naming line 1', async () => {
    h.sandbox.admin.clearRequests();
    const imports = h.sandbox.admin.written().imports.length;
    const message = csvMessage('pressure.csv', 'timestamp,Active Power,Pressure\n2026-11-19 11:00:00,1,2\n');
    const view = await openImportModal(() =>
      h.driver.messageShortcut('import_readings', { channel: CHANNEL, message }),
    );
    await importInto('Main Energy Meter', view);
    const rejected = await waitFor(() =>
      threadOf(message.ts)().find((m) => m.text.includes('was not imported')),
    );
    expect(JSON.stringify(rejected.blocks)).toContain(
      'line 1: column \\"Pressure\\" is not a metric of this data source',
    );
    expect(h.sandbox.admin.written().imports.length).toBe(imports);
    expect(h.sandbox.admin.requests().filter((r) => r.path === '/import')).toEqual([]);
  });

  it('lists every bad timestamp by line number and uploads nothing', async () => {
    const imports = h.sandbox.admin.written().imports.length;
    const csv =
      'timestamp,Active Power\n2026-11-19 11:00:00,1\n2026-11-19 25:00:00,2\n\nsoon,3\n2026-11-19 12:00:00,4\n';
    const message = csvMessage('times.csv', csv);
    const view = await openImportModal(() =>
      h.driver.messageShortcut('import_readings', { channel: CHANNEL, message }),
    );
    await importInto('Main Energy Meter', view);
    const rejected = await waitFor(() =>
      threadOf(message.ts)().find((m) => m.text.includes('was not imported')),
    );
    expect(rejected.text).toContain(
      'line 3: timestamp "2026-11-19 25:00:00" does not match YYYY-MM-DD HH:mm:ss',
    );
    expect(rejected.text).toContain('line 5: timestamp "soon" does not match');
    expect(h.sandbox.admin.written().imports.length).toBe(imports);
    expectValidBlockKit(h.standin);
  });

  it('answers a message without a CSV file plainly', async () => {
    const message = h.standin.addMessage({ channel: CHANNEL, text: 'no files here' });
    const since = postedSince(h);
    await h.driver.messageShortcut('import_readings', { channel: CHANNEL, message });
    const reply = await waitFor(() => since().find((m) => m.text.includes('no CSV file')));
    expect(reply.ephemeralTo).toBeDefined();
  });
});

describe('Import readings (CSV sent in a DM)', () => {
  it('offers the import under the file, and the button opens the data source picker', async () => {
    const user = h.standin.users[0]!.id;
    const dm = h.standin.state.dmWith(user);
    const file = h.standin.addFile({
      name: 'dm.csv',
      content: 'timestamp,Temperature\n2026-11-19 10:00:00,21.5\n',
      mimetype: 'text/csv',
    });
    const sent = h.standin.addMessage({ channel: dm.id, text: '', files: [file.id], user });
    await h.driver.event({
      type: 'message',
      subtype: 'file_share',
      channel: dm.id,
      channel_type: 'im',
      user,
      ts: sent.ts,
      text: '',
      files: [{ id: file.id, name: 'dm.csv', filetype: 'csv', mimetype: 'text/csv' }],
    });
    const offer = await waitFor(() =>
      h.standin.messages(dm.id).find((m) => m.thread_ts === sent.ts && m.text.includes('dm.csv')),
    );
    const view = await openImportModal(() =>
      h.driver.blockAction({ actionId: 'reading_import_start', message: offer }),
    );
    expect(JSON.stringify(view.blocks)).toContain('dm.csv');
    await importInto('Hall A Climate', view);
    const confirmed = await waitFor(
      () => h.standin.messages(dm.id).find((m) => m.thread_ts === sent.ts && m.text.includes('confirmed')),
      { timeoutMs: 15_000 },
    );
    expect(confirmed.text).toBe('Import of dm.csv confirmed');
  });
});
