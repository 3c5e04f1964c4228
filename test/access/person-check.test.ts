/**
 * The person check itself: what Slack says about a person (users.info) is cached in the store, so a second request
 * adds no Slack call, and the check never holds up the ack; apps and bot users are refused like any refused
 * person; work that reaches no platform (/monitor list, Acknowledge on an alert) is checked too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { clickAlertButton, postSilentAlert } from '../fixtures/alert-parent.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, platformCallsSince, requestMark, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
  h.standin.addUser({ id: 'U0APP', name: 'build-bot', real_name: 'Build Bot', tz: 'UTC', is_bot: true });
  h.standin.addUser({
    id: 'U0NEW',
    name: 'nora.new',
    real_name: 'Nora New',
    email: 'nora.new@plant.example',
    tz: 'UTC',
  });
});
afterAll(async () => {
  await h?.stop();
});

const userInfoCalls = (user: string) =>
  h.standin.callsTo('users.info').filter((c) => c.args.user === user && c.response.ok === true);

describe('the person check', () => {
  it('a bot user is refused with the reason and no platform call, the first time and after', async () => {
    for (let i = 0; i < 2; i++) {
      const mark = requestMark(h);
      const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0APP' });
      expect(textOf(answer)).toContain('acts only for people');
      await h.app.whenIdle();
      expect(platformCallsSince(h, mark)).toEqual([]);
    }
  });

  it("caches users.info in the store: Ben's second request adds no users.info call", async () => {
    await answerTo(h, { command: '/task', text: 'list all', user: 'U0BEN' });
    await h.app.whenIdle();
    const first = userInfoCalls('U0BEN').length;
    expect(first).toBeGreaterThan(0);
    await answerTo(h, { command: '/task', text: 'list site chicago', user: 'U0BEN' });
    await h.app.whenIdle();
    expect(userInfoCalls('U0BEN').length).toBe(first);
    expect(await h.deps.store.namespace('access').get('facts:T0FIELD:U0BEN')).toMatchObject({
      userId: 'U0BEN',
      isRestricted: false,
    });
  });

  it('never holds up the ack: with users.info held back by Slack, the command is acked before it answers', async () => {
    // Slack asks fieldline to wait 2 s before users.info (rate limit); the answer can only come after that.
    h.standin.inject({ method: 'users.info', error: 'ratelimited', retryAfterSeconds: 2, times: 1 });
    const before = h.standin.messages('C0GENERAL').length;
    const res = await h.driver.command({
      command: '/task',
      text: 'list all',
      user: 'U0NEW',
      channel: 'C0GENERAL',
    });
    expect(res.status).toBe(200);
    // Acked while the check was still waiting for Slack: no users.info had answered for Nora yet.
    expect(userInfoCalls('U0NEW')).toEqual([]);
    const answer = await waitFor(
      () =>
        h.standin
          .messages('C0GENERAL')
          .slice(before)
          .find((m) => m.ephemeralTo === 'U0NEW'),
      { timeoutMs: 10_000 },
    );
    expect(textOf(answer)).toContain('Connect your platform account');
    expect(userInfoCalls('U0NEW').length).toBe(1);
  });
});

describe('work that reaches no platform is checked too', () => {
  it('a guest may not /monitor list', async () => {
    const answer = await answerTo(h, { command: '/monitor', text: 'list', user: 'U0GUS' });
    expect(textOf(answer)).toContain('not available to workspace guests');
  });

  it('a Slack Connect partner cannot acknowledge an alert: nothing is recorded', async () => {
    const parent = await postSilentAlert(h, '1008', 'k1');
    const before = h.standin.messages().length;
    await clickAlertButton(h, parent, 'alert_ack', 'U0KAI');
    await waitFor(() =>
      h.standin
        .messages()
        .slice(before)
        .find((m) => m.ephemeralTo === 'U0KAI' && textOf(m).includes('another organisation')),
    );
    await h.app.whenIdle();
    expect(await alertStore(h.deps.store).ack('C0ALERTS', 'k1')).toBeUndefined();
  });
});
