/**
 * A step's question is answered within its window: pressed later (the app's clock moved past 15 minutes), the
 * step fails saying so, and nothing reaches the platform's tasks.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
let offset = 0;
beforeAll(async () => {
  h = await startHarness({ clock: { now: () => Date.now() + offset } });
});
afterAll(async () => {
  await h?.stop();
});

it('fails a step whose question was answered too late', async () => {
  const before = h.sandbox.admin.written().tasks.length;
  const sent = await h.driver.functionExecuted({
    callbackId: 'fieldline_create_task',
    inputs: { acting_user: 'U0ANA', site: 'Berlin Plant', name: 'Late one', confirm: true },
  });
  const dm = h.standin.state.dmWith('U0ANA').id;
  const question = await waitFor(() => h.standin.messages(dm).find((m) => m.text.includes('Late one')));
  offset = 16 * 60_000;
  await h.driver.blockAction({ actionId: 'workflow_step_confirm', message: question, user: 'U0ANA' });
  const done = await h.standin.functions.whenDone(sent.executionId);
  expect(done).toMatchObject({
    state: 'failed',
    error: 'The acting person did not answer within 15 minutes; nothing was done.',
  });
  await h.app.whenIdle();
  expect(h.sandbox.admin.written().tasks.length).toBe(before);
  expect(h.standin.messages(dm).find((m) => m.ts === question.ts)?.text).toMatch(/^Too late/);
});
