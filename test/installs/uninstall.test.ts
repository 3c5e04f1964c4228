/**
 * Leaving cleanly (issue 39): Slack's `app_uninstalled` (and `tokens_revoked` naming the bot) for one installation
 * deletes its tokens and its people's platform keys and calls every onRemoved handler with its key only; the other
 * installations, their keys and their requests are untouched; reinstalling starts clean.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { TEAM } from '../../src/slack-standin/index.ts';
import { callersSince, installThroughStandin, oauthMark } from './install-helpers.ts';

let h: Harness;
const removed: string[] = [];
beforeAll(async () => {
  h = await startHarness({ oauth: {} });
  h.deps.installs.onRemoved(async (key) => {
    removed.push(key);
  });
  for (const choice of ['T0SOUTH', 'E0ACME'])
    expect((await installThroughStandin(h, choice)).status).toBe(200);
  // People of each workspace connect their keys (Lyon's through the organisation's installation).
  const vault = h.deps.access.vault;
  for (const team of ['T0SOUTH', 'T0LYON']) await vault?.save(team, 'U0ANA', `key-${team}-ana`);
  await vault?.save('T0SOUTH', 'U0BEN', 'key-T0SOUTH-ben');
  h.standin.workspaces?.use('T0LYON');
  await h.driver.appHomeOpened({ user: 'U0ANA' });
  h.standin.workspaces?.use(TEAM.id);
  await h.app.whenIdle();
});
afterAll(() => h.stop());

const vaultKey = (team: string, user: string) => h.deps.access.vault?.key(team, user);

describe('app_uninstalled in one workspace', () => {
  beforeAll(async () => {
    const sent = await h.standin.uninstall('T0SOUTH');
    expect(sent.status).toBe(200);
    await waitFor(() => removed.length > 0);
    await h.app.whenIdle();
  });

  it('removes its tokens and its people’s keys, and tells onRemoved its key only', async () => {
    expect(removed).toEqual(['T0SOUTH']);
    expect(await h.deps.installs.find({ teamId: 'T0SOUTH' })).toBeUndefined();
    expect(await h.deps.store.namespace('installs').get('inst:T0SOUTH')).toBeUndefined();
    expect(await vaultKey('T0SOUTH', 'U0ANA')).toBeNull();
    expect(await vaultKey('T0SOUTH', 'U0BEN')).toBeNull();
  });

  it('leaves every other installation, its keys and its requests as they were', async () => {
    expect((await h.deps.installs.keys()).sort()).toEqual(['E0ACME', 'T0FIELD']);
    expect(await vaultKey('T0LYON', 'U0ANA')).toBe('key-T0LYON-ana');
    expect(await vaultKey(TEAM.id, 'U0ANA')).toBeTruthy();
    const mark = oauthMark(h);
    await h.driver.appHomeOpened({ user: 'U0BEN' });
    await waitFor(() => callersSince(h, mark, 'views.publish').includes(TEAM.id));
    await h.app.whenIdle();
  });

  it('no longer answers the uninstalled workspace', async () => {
    h.standin.workspaces?.use('T0SOUTH');
    try {
      const mark = oauthMark(h);
      const before = h.standin.messages('C0GENERAL').length;
      // Help is answered in the ack when fieldline serves the workspace; here Bolt finds no installation.
      const res = await h.driver.command({ command: '/task', text: 'help', user: 'U0ANA' });
      expect(res.status).toBe(200);
      expect(res.body).toBe('');
      await h.app.whenIdle();
      expect(h.standin.workspaces?.oauth.calls.slice(mark)).toEqual([]);
      expect(h.logText()).toContain('fieldline is no longer installed in this workspace');
      // The person is told why, in words (through the command's response_url), not "something went wrong".
      const told = await waitFor(() =>
        h.standin
          .messages('C0GENERAL')
          .slice(before)
          .find((m) => m.ephemeralTo === 'U0ANA'),
      );
      expect(told.text).toContain('no longer installed in this workspace');
      expect(told.text).not.toContain('went wrong');
    } finally {
      h.standin.workspaces?.use(TEAM.id);
    }
  });

  it('starts clean when installed again: a new installation, no keys of before', async () => {
    expect((await installThroughStandin(h, 'T0SOUTH')).status).toBe(200);
    expect(await h.deps.installs.find({ teamId: 'T0SOUTH' })).toMatchObject({ key: 'T0SOUTH' });
    expect(await vaultKey('T0SOUTH', 'U0ANA')).toBeNull();
    h.standin.workspaces?.use('T0SOUTH');
    try {
      const res = await h.driver.command({ command: '/task', text: 'help', user: 'U0ANA' });
      expect(JSON.stringify(res.body)).toContain('/task');
    } finally {
      h.standin.workspaces?.use(TEAM.id);
    }
  });
});

describe('an organisation leaving', () => {
  it('removes the organisation’s installation and the keys of every workspace of it that used fieldline', async () => {
    removed.length = 0;
    await h.standin.uninstall('E0ACME');
    await waitFor(() => removed.length > 0);
    expect(removed).toEqual(['E0ACME']);
    expect(await h.deps.installs.find({ teamId: 'T0LYON', enterpriseId: 'E0ACME' })).toBeUndefined();
    expect(await vaultKey('T0LYON', 'U0ANA')).toBeNull();
    expect((await h.deps.installs.keys()).sort()).toEqual(['T0FIELD', 'T0SOUTH']);
  });
});

describe('tokens_revoked', () => {
  it('naming only user tokens changes nothing; naming the bot removes that installation', async () => {
    removed.length = 0;
    const event = (tokens: object) =>
      h.driver.raw({
        contentType: 'application/json',
        body: JSON.stringify({
          type: 'event_callback',
          team_id: 'T0SOUTH',
          api_app_id: 'A0FIELD',
          event_id: `Ev${Math.random().toString(36).slice(2, 10).toUpperCase()}`,
          event_time: Math.floor(Date.now() / 1000),
          event: { type: 'tokens_revoked', tokens },
          authorizations: [
            {
              enterprise_id: null,
              team_id: 'T0SOUTH',
              user_id: 'U0BOT',
              is_bot: true,
              is_enterprise_install: false,
            },
          ],
        }),
      });
    await event({ oauth: ['U0ANA'] });
    await h.app.whenIdle();
    expect(removed).toEqual([]);
    expect(await h.deps.installs.find({ teamId: 'T0SOUTH' })).toBeDefined();
    await event({ bot: ['U0BOT'] });
    await waitFor(() => removed.length > 0);
    expect(removed).toEqual(['T0SOUTH']);
    expect(await h.deps.installs.find({ teamId: 'T0SOUTH' })).toBeUndefined();
  });
});
