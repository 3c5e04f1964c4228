/**
 * Issue 37: a key that belongs to someone else. Connecting Ben's key as Chloé used to answer "Connected as Chloe
 * Martin" (her Slack email's platform user) while everything she did was recorded on the platform as Ben's. Now
 * the platform says whose key it is (a cancelled check task's author), and only a key of the person's own
 * platform user (same verified email) — or one an admin approved for them — is kept.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEY_CHECK_TASK_NAME } from '../../src/access/index.ts';
import { TEAM, type StoredView } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, openConnect, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local', store: 'sqlite' });
  // fieldline learns platform people from task lists (the relay does it in production): Ana sees every site.
  await answerTo(h, { command: '/task', text: 'list all', user: 'U0ANA' });
  await h.app.whenIdle();
});
afterAll(() => h?.stop());

const submitKey = (view: StoredView, key: string, user: string) =>
  h.driver.viewSubmission({ view, values: { access_key: key }, user });
const vaultKey = (user: string) => h.deps.access.vault!.key(TEAM.id, user);
const fieldError = (res: { body: unknown }) =>
  String((res.body as { errors?: Record<string, string> }).errors?.access_key ?? '');

describe('a key that belongs to someone else', () => {
  it('refuses Ben’s key pasted by Chloé, says whose it is, and keeps nothing', async () => {
    const view = await openConnect(h, 'U0CHL');
    const res = await submitKey(view, h.sandbox.userKeys.ben, 'U0CHL');
    expect(res.body).toMatchObject({ response_action: 'errors' });
    expect(fieldError(res)).toContain('belongs to another platform user (Ben Okafor)');
    expect(fieldError(res)).toContain('nothing was saved');
    expect(await vaultKey('U0CHL')).toBeNull();
    // Nothing is done with Ben's key for her afterwards.
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0CHL' });
    expect(textOf(answer)).toContain('Connect your platform account');
    expect(h.logText()).not.toContain(h.sandbox.userKeys.ben);
  });

  it('asks the platform: the check task is Ben’s, cancelled from the start, with no opening comment', async () => {
    const checks = h.sandbox.admin.state.tasks.filter((t) => t.name.startsWith(KEY_CHECK_TASK_NAME));
    expect(checks.length).toBeGreaterThan(0);
    for (const t of checks) {
      expect(t.statusId).toBe('25');
      expect(t.assigneeId).toBeNull();
      expect(t.postInFeed).toBe(false);
    }
    const written = h.sandbox.admin.written();
    const ids = new Set(checks.map((t) => t.id));
    expect(written.comments.filter((c) => ids.has(String(c.taskId)))).toEqual([]);
  });

  it('keeps Chloé’s own key and names its platform user as the platform does', async () => {
    const key = h.sandbox.admin.mintKey({ userId: '511', siteIds: ['105'] });
    const view = await openConnect(h, 'U0CHL');
    const res = await submitKey(view, key, 'U0CHL');
    expect(res.body).toMatchObject({ response_action: 'update' });
    expect(JSON.stringify(res.body)).toContain('Chloe Martin');
    expect(await vaultKey('U0CHL')).toBe(key);
    expect(await h.deps.access.vault!.info(TEAM.id, 'U0CHL')).toMatchObject({
      platformUser: { id: '511', name: 'Chloe Martin' },
    });
  });

  it('refuses a key when the person’s Slack profile shows no email to compare', async () => {
    const view = await openConnect(h, 'U0NIA');
    const res = await submitKey(view, h.sandbox.admin.mintKey({ userId: '513' }), 'U0NIA');
    expect(fieldError(res)).toContain('Your Slack profile shows no email');
    expect(await vaultKey('U0NIA')).toBeNull();
  });

  it('keeps another user’s key under an admin-approved exception, recorded without any secret', async () => {
    const key = h.sandbox.admin.mintKey({ userId: '513' });
    // Eve's Slack email (a contractor's) is no platform user's: without the exception her key is refused.
    const refused = await submitKey(await openConnect(h, 'U0EVE'), key, 'U0EVE');
    expect(fieldError(refused)).toContain('belongs to another platform user');
    const grant = { platformUserId: '513', approvedBy: 'U0ANA', note: 'contractor on the operator account' };
    await h.deps.access.keyOwners.approve(TEAM.id, 'U0EVE', grant);
    const view = await openConnect(h, 'U0EVE');
    const res = await submitKey(view, key, 'U0EVE');
    expect(res.body).toMatchObject({ response_action: 'update' });
    expect(await vaultKey('U0EVE')).toBe(key);
    const info = await waitFor(async () => {
      const i = await h.deps.access.vault!.info(TEAM.id, 'U0EVE');
      return i?.sites ? i : undefined;
    });
    expect(info.platformUser?.id).toBe('513');
    expect(await h.deps.access.keyOwners.get(TEAM.id, 'U0EVE')).toMatchObject(grant);
    const used = h.logs.filter((l) => String(l.msg).includes('admin-approved exception'));
    expect(used).toHaveLength(1);
    expect(used[0]).toMatchObject({ user: 'U0EVE', platformUser: '513' });
    expect(h.logText()).not.toContain(key);
  });
});
