/** A step over Socket Mode: function_executed arrives in an events_api envelope, is acked, and the step completes. */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ slackMode: 'socket' });
});
afterAll(async () => {
  await h?.stop();
});

it('runs Latest reading delivered over Socket Mode', async () => {
  const sent = await h.driver.functionExecuted({
    callbackId: 'fieldline_latest_reading',
    inputs: { acting_user: 'U0ANA', data_source: 'Boiler Feed Flow', metric: 'Flow Rate' },
  });
  expect(sent.tooSlow).toBe(false);
  const done = await h.standin.functions.whenDone(sent.executionId);
  expect(done.error).toBeUndefined();
  expect(done.outputs).toMatchObject({ unit: 'm³/h', value: expect.any(Number) });
});
