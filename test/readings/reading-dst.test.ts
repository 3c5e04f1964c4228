/** "yesterday" on Berlin's daylight-saving days, end to end: 25 and 23 hours of 15-minute readings. */
import { afterEach, describe, expect, it } from 'vitest';
import { expectValidBlockKit } from './source-helpers.ts';
import { startHarness, type Harness } from '../harness.ts';
import { readingAnswer, readingWindows } from './flow-helpers.ts';

let h: Harness | undefined;
afterEach(async () => {
  try {
    if (h) expectValidBlockKit(h.standin);
  } finally {
    await h?.stop();
  }
  h = undefined;
});

describe('/reading yesterday in Europe/Berlin across daylight-saving changes', () => {
  it.each([
    ['2026-10-26T09:00:00Z', '2026-10-25', '2026-10-26', 100],
    ['2026-03-30T09:00:00Z', '2026-03-29', '2026-03-30', 92],
  ])('at %s covers %s as a whole local day (%s readings)', async (now, day, next, count) => {
    const at = Date.parse(now);
    h = await startHarness({ clock: { now: () => at }, sandbox: { now: () => at } });
    const { json } = await readingAnswer(h, 'Main Energy Meter yesterday');
    expect(readingWindows(h)[0]).toEqual([`${day}T00:00:00`, `${next}T00:00:00`]);
    expect(json).toContain(`Main Energy Meter — yesterday (${day})`);
    expect(json).toContain(`· ${count} readings`);
  });
});
