/**
 * /reading with range words: the source is recognised first, then exactly what about the range was not
 * understood is said, with two examples — never "No data source matches" for a range mistake.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { postedSince, waitFor } from './source-helpers.ts';
import { readingAnswer } from './flow-helpers.ts';

const NOW = Date.parse('2026-11-25T12:00:00Z');
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => NOW }, sandbox: { now: () => NOW } });
});
afterAll(() => checkBlockKitAndStop(h));

async function note(text: string) {
  const since = postedSince(h);
  await h.driver.command({ command: '/reading', text });
  return waitFor(() => since().find((m) => m.ephemeralTo && /I found|No data source/.test(m.text)));
}

describe('/reading range words', () => {
  it('answers from 2026-11-20 to 2026-11-21 for the two site-local days', async () => {
    const { json } = await readingAnswer(h, 'Main Energy Meter from 2026-11-20 to 2026-11-21');
    expect(json).toContain('Main Energy Meter — 2026-11-20 to 2026-11-21');
  });

  it('answers last week', async () => {
    const { json } = await readingAnswer(h, 'Main Energy Meter last week');
    expect(json).toContain('Main Energy Meter — last week (2026-11-16 to 2026-11-22)');
  });

  it('says “banana” is not a date, naming the source it found, with two examples', async () => {
    const reply = await note('Main Energy Meter from banana');
    expect(reply.text).toContain('I found *Main Energy Meter*, but not the range');
    expect(reply.text).toContain('“banana” after “from” is not a date');
    expect(reply.text).toContain('`/reading Main Energy Meter last 7 days`');
    expect(reply.text).toContain('`/reading Main Energy Meter from 2026-11-24 to 2026-11-25`');
    expect(reply.text).not.toContain('No data source matches');
  });

  it('says “please” is not part of the range in “24h export please”, and offers “24h export”', async () => {
    const reply = await note('Main Energy Meter 24h export please');
    expect(reply.text).toContain('“please” is not part of a range');
    expect(reply.text).toContain('`/reading Main Energy Meter 24h export`');
  });

  it('still says when no data source matches at all', async () => {
    const reply = await note('Nonexistent Thing from banana');
    expect(reply.text).toContain('No data source matches');
  });
});
