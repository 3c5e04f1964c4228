/**
 * Issue 37, in the single-workspace shape (one bot token from SLACK_BOT_TOKEN): while Slack has withdrawn that token
 * (tokens_revoked naming the bot, app_uninstalled) every request is refused in the ack and nothing reaches the
 * platform, until Slack takes the token again (src/access/gate/slack-revoked.ts). An OAuth installation is removed
 * instead (uninstall.test.ts), which is why this is not in test/access, whose tests run in both shapes.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REVOKED_TEXT } from '../../src/access/index.ts';
import { BOT_USER_ID } from '../../src/slack-standin/index.ts';
import { answerTo, platformCallsSince, requestMark, textOf } from '../access/access-helpers.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local', store: 'sqlite' });
});
afterAll(() => h?.stop());
afterEach(() => h.standin.clearInjections());

const listAs = async (user: string) =>
  textOf(await answerTo(h, { command: '/task', text: 'list all', user }));

describe('Slack withdraws fieldline’s token', () => {
  for (const event of [
    { type: 'tokens_revoked', tokens: { oauth: [], bot: [BOT_USER_ID] } },
    { type: 'app_uninstalled' },
  ])
    it(`${event.type}: every request is refused until Slack takes the token again`, async () => {
      expect(await listAs('U0BEN')).toContain('Chicago Works');
      expect((await h.driver.event(event)).status).toBe(200);
      // Slack now refuses the token (the ack can still answer a command).
      h.standin.inject({ method: 'auth.test', error: 'token_revoked', times: Infinity });
      // Asked every 200 ms, ≤ 3 s: the event's listener runs after its ack.
      await waitFor(async () => (await listAs('U0BEN')).includes(REVOKED_TEXT.slice(0, 60)), {
        timeoutMs: 3_000,
        intervalMs: 200,
        message: 'U0BEN is refused',
      });
      expect(await h.deps.access.slackRevoked()).toBe(true);
      const mark = requestMark(h);
      expect(await listAs('U0BEN')).toContain(REVOKED_TEXT.slice(0, 60));
      await h.app.whenIdle();
      expect(platformCallsSince(h, mark)).toEqual([]);
      // Reinstalled: the first request finds the token accepted again and is served.
      h.standin.clearInjections();
      expect(await listAs('U0BEN')).toContain('Chicago Works');
      expect(await h.deps.access.slackRevoked()).toBe(false);
    });
});
