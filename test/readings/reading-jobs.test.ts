/**
 * The source card's buttons run as jobs (issue 18): a click is acked at once, the work runs on the job queue, and
 * `/readyz` counts it under its kind. Everything waits for the app to be idle (requests and jobs), never a sleep.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, type Harness } from '../harness.ts';
import { CHANNEL, postedSince, sourceNamed } from './source-helpers.ts';

const NOW = Date.parse('2026-11-03T12:00:00Z');
const SOURCE = 'Hall A Climate';
let h: Harness;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => NOW }, sandbox: { now: () => NOW } });
});
afterAll(() => checkBlockKitAndStop(h));

const readyz = z.object({
  jobs: z.object({
    kinds: z.record(z.string(), z.object({ done: z.number(), failed: z.number(), running: z.number() })),
  }),
});

/** The job figures of one kind, as the app's /readyz shows them (zeros when the kind never ran). */
async function kind(name: string, on: Harness = h) {
  const res = await fetch(`${on.url}/readyz`);
  expect(res.status).toBe(200);
  return readyz.parse(await res.json()).jobs.kinds[name] ?? { done: 0, failed: 0, running: 0 };
}

/** Runs a Slack request and waits until the app has handled it and every job it started. */
async function andIdle(run: () => Promise<unknown>, on: Harness = h): Promise<void> {
  await run();
  await on.app.whenIdle();
}

/** `/source <name>` then Details: the data source's card, posted by two jobs. */
async function sourceCard(on: Harness = h): Promise<StoredMessage> {
  let since = postedSince(on);
  await andIdle(() => on.driver.command({ command: '/source', text: SOURCE }), on);
  const list = since().find((m) => m.text.includes('matching'));
  if (!list) throw new Error('no source list');
  const index = JSON.parse(JSON.stringify(list.blocks))
    .filter((b: { accessory?: unknown }) => b.accessory)
    .findIndex((b: { accessory: { value: string } }) => b.accessory.value === sourceNamed(on, SOURCE).id);
  since = postedSince(on);
  await andIdle(() => on.driver.blockAction({ actionId: `source_details:${index}`, message: list }), on);
  const card = since().find((m) => JSON.stringify(m.blocks).includes('Data source id'));
  if (!card) throw new Error('no source card');
  return card;
}

describe('source card buttons as jobs', () => {
  it('"Details" runs as readings.source-details', async () => {
    const before = await kind('readings.source-details');
    await sourceCard();
    expect(await kind('readings.source-details')).toMatchObject({
      done: before.done + 1,
      failed: 0,
      running: 0,
    });
  });

  it('"Readings 24 h" runs as readings.source-readings and its answer reaches Slack', async () => {
    const card = await sourceCard();
    expect(await kind('readings.source-readings')).toMatchObject({ done: 0 });
    const updates = h.standin.callsTo('chat.update').length;
    await andIdle(() => h.driver.blockAction({ actionId: 'source_readings', message: card }));
    expect(await kind('readings.source-readings')).toMatchObject({ done: 1, failed: 0, running: 0 });
    const answer = h.standin
      .callsTo('chat.update')
      .slice(updates)
      .find((c) => c.args.channel === CHANNEL && String(c.args.text).includes(SOURCE));
    expect(answer?.response.ok).toBe(true);
  });

  it('"Export CSV" runs as readings.source-export and the file reaches Slack', async () => {
    const card = await sourceCard();
    expect(await kind('readings.source-export')).toMatchObject({ done: 0 });
    const uploads = h.standin.uploads().length;
    await andIdle(() => h.driver.blockAction({ actionId: 'source_export', message: card }));
    expect(await kind('readings.source-export')).toMatchObject({ done: 1, failed: 0, running: 0 });
    const file = h.standin
      .uploads()
      .slice(uploads)
      .find((f) => /^Hall-A-Climate_.*\.csv$/.test(f.name) && f.completed);
    expect(file?.content.toString('utf8').split('\n')[0]).toMatch(/^timestamp,/);
  });
});

describe('in a worker thread', () => {
  // The job crosses to the thread as JSON and runs on an app of its own there: the body is all it has.
  let t: Harness;
  beforeAll(async () => {
    t = await startHarness({ jobs: { runner: 'thread' } });
  });
  afterAll(() => checkBlockKitAndStop(t));

  it('"Export CSV" runs there as readings.source-export and its answer reaches Slack', async () => {
    const card = await sourceCard(t);
    const updates = t.standin.callsTo('chat.update').length;
    await andIdle(() => t.driver.blockAction({ actionId: 'source_export', message: card }), t);
    expect(await kind('readings.source-export', t)).toMatchObject({ done: 1, failed: 0, running: 0 });
    const answer = t.standin
      .callsTo('chat.update')
      .slice(updates)
      .find((c) => c.args.channel === CHANNEL && String(c.args.text).includes(SOURCE));
    expect(answer?.response.ok).toBe(true);
  });
});
