/** When imported readings do not become readable within the bounded wait, the thread says it could not confirm. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSourcesService } from '../../src/readings/service/sources-service.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, sourceNamed, waitFor } from './source-helpers.ts';

let h: Harness;
beforeAll(async () => {
  // the platform accepts the file but takes an hour to make its readings readable
  h = await startHarness({ sandbox: { ingestionDelayMs: 3_600_000 } });
  h.deps.sources = createSourcesService(h.deps, {
    confirmPolicy: { firstDelayMs: 20, maxDelayMs: 80, totalMs: 400 },
  });
});
afterAll(() => checkBlockKitAndStop(h));

it('says the import could not be confirmed after the bounded wait', async () => {
  const file = h.standin.addFile({
    name: 'late.csv',
    content: 'timestamp,Temperature\n2026-11-19 10:03:00,21.5\n',
    mimetype: 'text/csv',
  });
  const message = h.standin.addMessage({ channel: CHANNEL, text: 'late data', files: [file.id] });
  await h.driver.messageShortcut('import_readings', { channel: CHANNEL, message });
  const view = await waitFor(() =>
    h.standin.views().find((v) => v.callback_id === 'reading_import' && v.open),
  );
  await h.driver.viewSubmission({ view, values: { source: sourceNamed(h, 'Hall A Climate').id } });
  const reply = await waitFor(() =>
    h.standin
      .messages(CHANNEL)
      .find((m) => m.thread_ts === message.ts && m.text.includes('could not be confirmed')),
  );
  expect(JSON.stringify(reply.blocks)).toContain('after 0 s');
  expect(h.sandbox.admin.written().imports.at(-1)).toMatchObject({ state: 'done', rows: 1 });
});
