/**
 * Issue 35, "exactly once where a person sees it": a CSV import's outcome is said once, where the person started
 * it — the thread of the file's message in the channel, or their DM with the app — with no ephemeral copy and no
 * copy sent to the channel as well. Counted over every message of the conversation (thread replies, top-level,
 * ephemerals) once the app is idle (no job waiting or running).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, sourceNamed, waitFor } from './source-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

const READINGS = 'timestamp,Temperature\n2026-11-19 10:00:00,21.5\n2026-11-19 10:15:00,21.7\n';

function sharedCsv(name: string, content: string, channel: string, user?: string) {
  const file = h.standin.addFile({ name, content, mimetype: 'text/csv' });
  const message: StoredMessage = h.standin.addMessage({
    channel,
    text: '',
    files: [file.id],
    ...(user ? { user } : {}),
  });
  return Object.assign(message, { fileId: file.id });
}

async function submitImport(open: () => Promise<unknown>, sourceName = 'Hall A Climate'): Promise<void> {
  const before = new Set(h.standin.views().map((v) => v.id));
  await open();
  const view: StoredView = await waitFor(() =>
    h.standin.views().find((v) => v.callback_id === 'reading_import' && v.open && !before.has(v.id)),
  );
  await h.driver.viewSubmission({ view, values: { source: sourceNamed(h, sourceName).id } });
}

/** Every message of the conversation that says `text`, wherever it is (thread, top level, ephemeral). */
const saying = (channel: string, text: string) =>
  h.standin
    .messages(channel)
    .filter((m) => m.text.includes(text) || JSON.stringify(m.blocks ?? []).includes(text));

describe('an import outcome is said once', () => {
  it('from a channel: once, in the thread of the file’s message', async () => {
    const message = sharedCsv('hall-a.csv', READINGS, CHANNEL);
    await submitImport(() => h.driver.messageShortcut('import_readings', { channel: CHANNEL, message }));
    await waitFor(() => saying(CHANNEL, 'can now be read').length > 0, { timeoutMs: 15_000 });
    await h.app.whenIdle();
    const confirmed = saying(CHANNEL, 'can now be read');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]).toMatchObject({ thread_ts: message.ts });
    expect(confirmed[0]?.ephemeralTo).toBeUndefined();
    expect(confirmed[0]?.reply_broadcast).toBeUndefined();
    // The "arrived" step is the progress message itself, said once too.
    expect(saying(CHANNEL, 'arrived; import is asynchronous')).toHaveLength(1);
  });

  it('from a DM: once, in the DM thread of the file', async () => {
    const user = 'U0ANA';
    const dm = h.standin.state.dmWith(user);
    const sent = sharedCsv('dm-hall-a.csv', READINGS, dm.id, user);
    await h.driver.event({
      type: 'message',
      subtype: 'file_share',
      channel: dm.id,
      channel_type: 'im',
      user,
      ts: sent.ts,
      text: '',
      files: [{ id: sent.fileId, name: 'dm-hall-a.csv', filetype: 'csv', mimetype: 'text/csv' }],
    });
    const offer = await waitFor(() =>
      h.standin.messages(dm.id).find((m) => m.thread_ts === sent.ts && m.text.includes('dm-hall-a.csv')),
    );
    await submitImport(() => h.driver.blockAction({ actionId: 'reading_import_start', message: offer }));
    await waitFor(() => saying(dm.id, 'can now be read').length > 0, { timeoutMs: 15_000 });
    await h.app.whenIdle();
    const confirmed = saying(dm.id, 'can now be read');
    expect(confirmed).toHaveLength(1);
    expect(confirmed[0]?.thread_ts).toBe(sent.ts);
    // Nothing about it anywhere else.
    expect(h.standin.messages().filter((m) => m.text.includes('Import of dm-hall-a.csv'))).toHaveLength(1);
  });

  it('a rejected file: the reasons once, in the thread, no ephemeral copy', async () => {
    const message = sharedCsv('bad.csv', 'timestamp,Pressure\n2026-11-19 11:00:00,2\n', CHANNEL);
    await submitImport(() => h.driver.messageShortcut('import_readings', { channel: CHANNEL, message }));
    await waitFor(() => saying(CHANNEL, 'bad.csv was not imported').length > 0);
    await h.app.whenIdle();
    const rejected = saying(CHANNEL, 'bad.csv was not imported');
    expect(rejected).toHaveLength(1);
    expect(rejected[0]).toMatchObject({ thread_ts: message.ts });
  });
});
