/**
 * Issue 37: access changes arrive as events and take effect within seconds, not when a remembered decision (5
 * minutes in the store, 30 s in a thread's memory) expires. A member made a guest or deactivated is refused on
 * their next request, a guest made a member again is served at once, and while Slack has withdrawn fieldline's
 * token (tokens_revoked for the bot, app_uninstalled) every request is refused and nothing reaches the platform.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { REVOKED_TEXT } from '../../src/access/index.ts';
import { BOT_USER_ID, type LocalUser } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, platformCallsSince, requestMark, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local', store: 'sqlite' });
});
afterAll(() => h?.stop());
afterEach(() => h.standin.clearInjections());

const member = (id: string): LocalUser => {
  const user = h.standin.users.find((u) => u.id === id);
  if (!user) throw new Error(`no stand-in user ${id}`);
  return user;
};
/** Slack changes the person, then tells fieldline (a signed user_change event; acked before its listener runs). */
async function slackChanges(id: string, change: Partial<LocalUser>) {
  h.standin.addUser({ ...member(id), ...change });
  const res = await h.driver.userChange(id);
  expect(res.status).toBe(200);
}
const listAs = async (user: string) =>
  textOf(await answerTo(h, { command: '/task', text: 'list all', user }));
/** The person's `/task list all` shows `text` (or not, with `not`) within seconds: asked every 200 ms, ≤ 3 s. */
const answersWithin = (user: string, text: string, not = false) =>
  waitFor(async () => (await listAs(user)).includes(text) !== not, {
    timeoutMs: 3_000,
    intervalMs: 200,
    message: `${user} is ${not ? 'not ' : ''}answered "${text}"`,
  });

describe('user_change', () => {
  it('a member made a guest is refused on the next request (nothing reaches the platform), and served again at once when made a member', async () => {
    expect(await listAs('U0BEN')).toContain('Chicago Works');
    await slackChanges('U0BEN', { is_restricted: true });
    await answersWithin('U0BEN', 'not available to workspace guests');
    const mark = requestMark(h);
    expect(await listAs('U0BEN')).toContain('not available to workspace guests');
    await h.app.whenIdle();
    expect(platformCallsSince(h, mark)).toEqual([]);
    // The refusal is not kept for minutes either.
    await slackChanges('U0BEN', { is_restricted: false });
    await answersWithin('U0BEN', 'Chicago Works');
  });

  it('a single-channel guest and a deactivated person are refused on their next request', async () => {
    expect(await listAs('U0ANA')).not.toContain(':no_entry:');
    await slackChanges('U0ANA', { is_restricted: true, is_ultra_restricted: true });
    await answersWithin('U0ANA', 'not available to single-channel guests');
    await slackChanges('U0ANA', { is_restricted: false, is_ultra_restricted: false, deleted: true });
    await answersWithin('U0ANA', 'Your Slack account is deactivated');
    await slackChanges('U0ANA', { deleted: false });
    await answersWithin('U0ANA', ':no_entry:', true);
  });
});

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
      await answersWithin('U0BEN', REVOKED_TEXT.slice(0, 60));
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

  it('tokens_revoked for user tokens only (fieldline keeps none) changes nothing', async () => {
    await h.driver.event({ type: 'tokens_revoked', tokens: { oauth: ['U0ANA'] } });
    await waitFor(() => h.logs.some((l) => l.event === 'tokens_revoked'), { timeoutMs: 2_000 });
    expect(await h.deps.access.slackRevoked()).toBe(false);
    expect(await listAs('U0BEN')).toContain('Chicago Works');
  });
});
