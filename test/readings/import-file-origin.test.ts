/**
 * Issue 37, item 1: a CSV import reads only a file shared in the conversation the import was started from. A file
 * id forged into the modal's file choice, or into the DM's "Import readings…" button, names a CSV shared only in
 * a private channel the person is not in: nothing of it is downloaded, nothing of it is quoted back, nothing is
 * imported, and the person is told plainly. Signed requests through the stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { sourceNamed, waitFor } from './source-helpers.ts';

const SECRET_CSV = 'CONFIDENTIAL salary,bonus\n2026-11-19 10:00:00,1\n';

let h: Harness;
let secret: StoredMessage;
beforeAll(async () => {
  h = await startHarness();
  // #payroll: private, the bot was invited; only David shares files there.
  h.standin.addChannel({ id: 'G0PAY', name: 'payroll', is_private: true, is_im: false, is_member: true });
  const file = h.standin.addFile({
    name: 'payroll.csv',
    content: SECRET_CSV,
    mimetype: 'text/csv',
    user: 'U0DAV',
  });
  secret = h.standin.addMessage({ channel: 'G0PAY', text: 'payroll', files: [file.id], user: 'U0DAV' });
});
afterAll(() => checkBlockKitAndStop(h));

const secretId = () => secret.files![0]!;
const secretFetched = () => h.standin.fileRequests().filter((r) => r.fileId === secretId());
/** Anything the app said, anywhere, that quotes the secret file's first line or names it. */
const quoted = () =>
  h.standin
    .messages()
    .filter((m) => /CONFIDENTIAL|payroll\.csv/.test(`${m.text} ${JSON.stringify(m.blocks ?? [])}`));

async function openImport(run: () => Promise<unknown>): Promise<StoredView> {
  const before = new Set(h.standin.views().map((v) => v.id));
  await run();
  return waitFor(() =>
    h.standin.views().find((v) => v.callback_id === 'reading_import' && v.open && !before.has(v.id)),
  );
}

async function sourceOption(view: StoredView, user: string) {
  const name = 'Main Energy Meter';
  const res = await h.driver.blockSuggestion({ actionId: 'reading_import_source', value: name, view, user });
  const options = (res.body as { options: { value: string }[] }).options;
  const option = options.find((o) => o.value === sourceNamed(h, name).id);
  expect(option).toBeDefined();
  return option!;
}

describe('a forged file id in a CSV import', () => {
  it('in the modal’s file choice: refused on submit, the modal kept open, nothing read', async () => {
    const files = ['a.csv', 'b.csv'].map((name) =>
      h.standin.addFile({
        name,
        content: 'timestamp,Active Power\n2026-11-19 10:00:00,1\n',
        mimetype: 'text/csv',
      }),
    );
    const message = h.standin.addMessage({
      channel: 'C0GENERAL',
      text: 'two logs',
      files: files.map((f) => f.id),
      user: 'U0ANA',
    });
    const view = await openImport(() =>
      h.driver.messageShortcut('import_readings', { channel: 'C0GENERAL', message, user: 'U0ANA' }),
    );
    const imports = h.sandbox.admin.written().imports.length;
    const result = await h.driver.viewSubmission({
      view,
      user: 'U0ANA',
      values: {
        source: await sourceOption(view, 'U0ANA'),
        // Ana's client sends an option the modal never offered: the private channel's file.
        file: { text: { type: 'plain_text', text: 'a.csv' }, value: secretId() },
      },
    });
    await h.app.whenIdle();
    expect(quoted()).toEqual([]);
    expect(secretFetched()).toEqual([]);
    expect(result.responseAction).toBe('errors');
    expect(result.errors?.file).toContain('Pick one of the files');
    expect(h.sandbox.admin.written().imports.length).toBe(imports);
  });

  it('in the DM’s "Import readings…" button: the file is not in that DM, so nothing is read or said of it', async () => {
    const dm = h.standin.state.dmWith('U0ANA');
    const own = h.standin.addFile({
      name: 'mine.csv',
      content: 'timestamp,Temperature\n2026-11-19 10:00:00,21.5\n',
      mimetype: 'text/csv',
    });
    const sent = h.standin.addMessage({ channel: dm.id, text: '', files: [own.id], user: 'U0ANA' });
    await h.driver.event({
      type: 'message',
      subtype: 'file_share',
      channel: dm.id,
      channel_type: 'im',
      user: 'U0ANA',
      ts: sent.ts,
      text: '',
      files: [{ id: own.id, name: 'mine.csv', filetype: 'csv', mimetype: 'text/csv' }],
    });
    const offer = await waitFor(() =>
      h.standin.messages(dm.id).find((m) => m.thread_ts === sent.ts && m.text.includes('mine.csv')),
    );
    // The button's value edited to name the private channel's file, that channel and its message.
    const forged = JSON.stringify({ f: [[secretId(), 'x.csv']], c: 'G0PAY', ts: secret.ts });
    const view = await openImport(() =>
      h.driver.blockAction({
        actionId: 'reading_import_start',
        message: offer,
        value: forged,
        user: 'U0ANA',
      }),
    );
    const imports = h.sandbox.admin.written().imports.length;
    const submitted = await h.driver.viewSubmission({
      view,
      user: 'U0ANA',
      values: { source: await sourceOption(view, 'U0ANA') },
    });
    expect(submitted.closed).toBe(true);
    await h.app.whenIdle();
    expect(quoted()).toEqual([]);
    expect(secretFetched()).toEqual([]);
    const refusal = await waitFor(() =>
      h.standin.messages(dm.id).find((m) => m.text.includes('not shared in this conversation')),
    );
    expect(refusal.thread_ts).toBe(sent.ts);
    expect(h.standin.messages('G0PAY').filter((m) => m.user === h.standin.botUserId)).toEqual([]);
    expect(h.sandbox.admin.written().imports.length).toBe(imports);
  });
});
