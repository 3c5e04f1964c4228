/** 30 days of one-minute readings in a zone without daylight saving (43,200 rows, 87 pages): every page read, the chart still small. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from './source-helpers.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { readingAnswer, readingWindows } from './flow-helpers.ts';

const NOW = Date.parse('2026-11-03T12:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    seed: { days: 31, readingIntervalSeconds: 60 },
    clock: { now: () => NOW },
    sandbox: { now: () => NOW },
  });
});
afterAll(() => checkBlockKitAndStop(h));

it('summarises 43,200 rows and uploads a bounded PNG chart', async () => {
  h.sandbox.admin.clearRequests();
  const { json, ts } = await readingAnswer(h, 'Paint Booth Climate 30d');
  expect(json).toContain('· 43,200 readings');
  const pages = readingWindows(h).length;
  expect(pages).toBe(87);
  const png = await waitFor(
    () => h.standin.uploads().find((f) => f.name === 'Paint-Booth-Climate_last-30d.png' && f.completed),
    {
      timeoutMs: 20_000,
    },
  );
  expect(png.content.subarray(0, 4).toString('latin1')).toBe('\x89PNG');
  expect(png.content.length).toBeLessThan(400_000);
  const complete = h.standin
    .callsTo('files.completeUploadExternal')
    .find((c) => JSON.stringify(c.args).includes(png.id));
  expect(complete?.args.thread_ts).toBe(ts);
});
