/** CSV export: by command and by button, a file named after source and range in the thread; empty ranges say so. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { expectValidBlockKit, waitFor } from './source-helpers.ts';
import { readingAnswer } from './flow-helpers.ts';

const NOW = Date.parse('2026-11-03T12:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => NOW }, sandbox: { now: () => NOW } });
});
afterAll(() => checkBlockKitAndStop(h));

async function exportAnswer(run: () => Promise<unknown>, expectText: string) {
  const before = h.standin.callsTo('chat.update').length;
  await run();
  return waitFor(
    () =>
      h.standin
        .callsTo('chat.update')
        .slice(before)
        .find((c) => String(c.args.text).includes(expectText)),
    { timeoutMs: 20_000 },
  );
}

describe('/reading … export', () => {
  it('uploads the platform’s CSV, named after source and range, into the progress message’s thread', async () => {
    h.sandbox.admin.clearRequests();
    const done = await exportAnswer(
      () => h.driver.command({ command: '/reading', text: 'Main Energy Meter yesterday export' }),
      'readings exported',
    );
    const file = await waitFor(() =>
      h.standin.uploads().find((f) => f.name === 'Main-Energy-Meter_2026-11-02.csv' && f.completed),
    );
    const csv = file.content.toString('utf8');
    expect(csv.split('\n')[0]).toMatch(/^timestamp,/);
    const rows = csv.split('\n').filter((l) => l.trim() !== '').length - 1;
    expect(String(done.args.text)).toContain(`${rows} readings exported as Main-Energy-Meter_2026-11-02.csv`);
    const complete = h.standin
      .callsTo('files.completeUploadExternal')
      .find((c) => JSON.stringify(c.args).includes(file.id));
    expect(complete?.args.thread_ts).toBe(done.args.ts);
    const exportCall = h.sandbox.admin.requests().find((r) => r.path === '/export');
    expect(exportCall?.query).toMatchObject({
      startTime: '2026-11-02T00:00:00',
      endTime: '2026-11-03T00:00:00',
    });
    // contract: pre-signed URLs carry their own authorisation — no x-api-key there
    expect(h.sandbox.admin.presignedWithCredentials()).toEqual([]);
    // the progress message said it was working before it said it was done
    const progress = h.standin.callsTo('chat.postMessage').find((c) => c.response.ts === done.args.ts);
    expect(String(progress?.args.text)).toContain('Exporting Main Energy Meter');
  });

  it('exports the same range from the answer’s Export CSV button', async () => {
    const { message } = await readingAnswer(h, 'Hall A Climate 2026-11-01..2026-11-02');
    await exportAnswer(
      () => h.driver.blockAction({ actionId: 'source_export', message }),
      'readings exported',
    );
    await waitFor(() =>
      h.standin.uploads().find((f) => f.name === 'Hall-A-Climate_2026-11-01_2026-11-02.csv' && f.completed),
    );
  });

  it('says "no readings in that range" and uploads nothing for an empty range', async () => {
    const done = await exportAnswer(
      () => h.driver.command({ command: '/reading', text: 'Spare Sensor 7d export' }),
      'No readings in that range',
    );
    expect(String(done.args.text)).toContain('Spare Sensor');
    expect(h.standin.uploads().filter((f) => f.name.startsWith('Spare-Sensor'))).toEqual([]);
    expectValidBlockKit(h.standin);
  });
});
