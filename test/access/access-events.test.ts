/**
 * Issue 37: access changes arrive as events and take effect within seconds, not when a remembered decision (5
 * minutes in the store, 30 s in a thread's memory) expires. A member made a guest or deactivated is refused on
 * their next request, a guest made a member again is served at once, and a user token withdrawn changes nothing
 * (fieldline keeps none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalUser } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, platformCallsSince, requestMark, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local', store: 'sqlite' });
});
afterAll(() => h?.stop());

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

describe('Slack withdraws a user token', () => {
  // The bot's own token withdrawn is each shape's own story: test/installs/env-token-withdrawn.test.ts (one bot
  // token from the environment) and test/installs/uninstall.test.ts (an OAuth installation is removed).
  it('tokens_revoked for user tokens only (fieldline keeps none) changes nothing', async () => {
    expect((await h.driver.event({ type: 'tokens_revoked', tokens: { oauth: ['U0ANA'] } })).status).toBe(200);
    await h.app.whenIdle();
    expect(await h.deps.access.slackRevoked()).toBe(false);
    expect(await listAs('U0BEN')).toContain('Chicago Works');
  });
});
