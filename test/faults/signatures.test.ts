/**
 * Requests that are not from Slack: no signature, a wrong one, a stale timestamp (> 5 min), and a captured
 * signed request replayed with another timestamp. Each is refused with 401 before any handler runs: the
 * stand-in records no Web API call and the sandbox no platform request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackSignature } from '../../src/slack-standin/index.ts';
import { startHarness, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.stop();
});

/** `/source pump` would search the platform and `/task` would open a modal: both leave traces if they run. */
function commandBody(command: string, text: string): string {
  return new URLSearchParams({
    token: 'standin-verification-token',
    team_id: 'T0FIELD',
    channel_id: 'C0GENERAL',
    user_id: 'U0ANA',
    user_name: 'ana.silva',
    command,
    text,
    api_app_id: 'A0FIELD',
    response_url: `${h.standin.baseUrl}response/forged`,
    trigger_id: '1.forged',
  }).toString();
}

const bodies = () => [commandBody('/source', 'pump'), commandBody('/task', '')];
const nowSeconds = () => Math.floor(Date.now() / 1000);

async function expectNoHandlerRan(send: () => Promise<{ status: number }>): Promise<void> {
  const calls = h.standin.calls.length;
  h.sandbox.admin.clearRequests();
  const res = await send();
  expect(res.status).toBe(401);
  // A request that reached the app's listeners would be in flight by the time its answer arrived (Bolt answers
  // at the ack): once the app has no request in flight, whatever a handler started is done and recorded.
  await h.app.whenIdle();
  // auth.test is Bolt verifying its own token once at start-up, not a handler.
  const made = h.standin.calls.slice(calls).map((c) => c.method);
  expect(made.filter((m) => m !== 'auth.test')).toEqual([]);
  expect(h.sandbox.admin.requests().filter((r) => r.kind === 'api')).toEqual([]);
}

describe('requests without a valid Slack signature', () => {
  it('refuses a request with no signature headers at all', async () => {
    for (const body of bodies()) await expectNoHandlerRan(() => h.driver.raw({ body, unsigned: true }));
  });

  it('refuses a request with a timestamp but no signature', async () => {
    for (const body of bodies()) await expectNoHandlerRan(() => h.driver.raw({ body, signature: '' }));
  });

  it('refuses a request signed with another secret', async () => {
    for (const body of bodies())
      await expectNoHandlerRan(() => h.driver.raw({ body, signingSecret: 'not-the-signing-secret' }));
  });

  it('refuses a request whose signature is malformed', async () => {
    for (const body of bodies()) await expectNoHandlerRan(() => h.driver.raw({ body, signature: 'v0=zz' }));
  });

  it('refuses a correctly signed request whose timestamp is more than 5 minutes old', async () => {
    const stale = nowSeconds() - 5 * 60 - 30;
    for (const body of bodies()) await expectNoHandlerRan(() => h.driver.raw({ body, timestamp: stale }));
  });

  it('refuses a captured request replayed with a fresh timestamp and the old signature', async () => {
    const captured = nowSeconds() - 60;
    for (const body of bodies()) {
      const signature = slackSignature(h.standin.signingSecret, captured, body);
      await expectNoHandlerRan(() => h.driver.raw({ body, timestamp: nowSeconds(), signature }));
    }
  });

  it('refuses the signed body of one request sent with another body', async () => {
    const ts = nowSeconds();
    const [source = '', task = ''] = bodies();
    const signature = slackSignature(h.standin.signingSecret, ts, source);
    await expectNoHandlerRan(() => h.driver.raw({ body: task, timestamp: ts, signature }));
  });

  it('still answers the same body when it is signed correctly (the checks above can fail)', async () => {
    h.sandbox.admin.clearRequests();
    const res = await h.driver.raw({ body: commandBody('/source', 'pump') });
    expect(res.status).toBe(200);
    await expect
      .poll(() => h.sandbox.admin.requests().filter((r) => r.kind === 'api').length, { timeout: 5_000 })
      .toBeGreaterThan(0);
  });
});
