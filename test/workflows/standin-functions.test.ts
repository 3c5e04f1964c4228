/**
 * The stand-in's custom step runs, over loopback HTTP with no app: a run's xwfp token works for the Web API only
 * while its run runs and completes only its own run; functions.completeSuccess checks the outputs against the
 * manifest's output parameters; a run ends once.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';

let s: Standin;
beforeAll(async () => {
  s = await startStandin();
});
afterAll(async () => {
  await s.close();
});

const call = (method: string, token: string, args: Record<string, unknown>) =>
  fetch(`${s.apiUrl}${method}`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body: JSON.stringify(args),
  }).then((r) => r.json() as Promise<Record<string, unknown>>);

const tokenOf = (id: string) => s.functions.tokenOfRun(id) ?? '';

it('accepts a run’s token while it runs, checks outputs, and ends the run once', async () => {
  const run = s.functions.start('fieldline_post_to_feed', { acting_user: 'U0ANA' });
  const other = s.functions.start('fieldline_post_to_feed', { acting_user: 'U0BEN' });
  const token = tokenOf(run.id);
  expect(token).toMatch(/^xwfp-/);
  expect(await call('chat.postMessage', token, { channel: 'U0ANA', text: 'hi' })).toMatchObject({ ok: true });
  expect(s.messages().at(-1)?.functionExecution).toBe(run.id);
  expect(
    await call('functions.completeSuccess', tokenOf(other.id), {
      function_execution_id: run.id,
      outputs: {},
    }),
  ).toMatchObject({ ok: false, error: 'access_denied' });
  expect(
    await call('functions.completeSuccess', token, { function_execution_id: run.id, outputs: { post: 1 } }),
  ).toMatchObject({
    ok: false,
    error: 'parameter_validation_failed',
    errors: ['missing required output post_id', 'unknown output post'],
  });
  expect(
    await call('functions.completeSuccess', token, {
      function_execution_id: run.id,
      outputs: { post_id: '7' },
    }),
  ).toEqual({ ok: true });
  expect(s.functions.run(run.id)).toMatchObject({ state: 'completed', outputs: { post_id: '7' } });
  expect(
    await call('functions.completeError', s.botToken, { function_execution_id: run.id, error: 'x' }),
  ).toMatchObject({ ok: false, error: 'execution_not_in_running_state' });
  expect(await call('chat.postMessage', token, { channel: 'U0ANA', text: 'late' })).toMatchObject({
    ok: false,
    error: 'token_expired',
  });
  expect(await call('chat.postMessage', 'xwfp-made-up', { channel: 'U0ANA', text: 'x' })).toMatchObject({
    ok: false,
    error: 'invalid_auth',
  });
  expect(
    await call('functions.completeError', tokenOf(other.id), {
      function_execution_id: other.id,
      error: 'No.',
    }),
  ).toEqual({ ok: true });
  expect(s.functions.run(other.id)).toMatchObject({ state: 'failed', error: 'No.' });
  expect(s.specProblems()).toEqual([]);
});
