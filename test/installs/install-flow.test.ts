/**
 * Installed by many workspaces and organisations (issue 39): two workspaces and one Enterprise Grid organisation
 * installed through the stand-in's OAuth, each request authorised with its own installation's token, a request
 * from any workspace of the organisation served by the organisation's installation, tokens never stored or logged
 * in clear. Signed requests through the stand-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, textOf } from '../access/access-helpers.ts';
import {
  callersSince,
  consent,
  followRedirect,
  installThroughStandin,
  oauthMark,
  openInstallPage,
} from './install-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ oauth: {} });
});
afterAll(() => h.stop());

const use = (teamId: string) => h.standin.workspaces?.use(teamId);

describe('the install pages', () => {
  it('shows what fieldline does and every scope it asks for, each with its reason', async () => {
    const { html, addToSlack, cookie } = await openInstallPage(h);
    expect(html).toContain('Add to Slack');
    for (const scope of ['commands', 'chat:write', 'users:read.email', 'im:history'])
      expect(html).toContain(`<code>${scope}</code>`);
    expect(html).not.toContain('Needed by fieldline.');
    expect(addToSlack.searchParams.get('client_id')).toBe('1000000001.2000000002');
    expect(addToSlack.searchParams.get('scope')).toContain('users:read');
    expect(addToSlack.searchParams.get('state')).toBeTruthy();
    expect(cookie).toMatch(/^slack-app-oauth-state=/);
  });

  it('refuses a redirect from another browser than the one that started, and a replayed one', async () => {
    const first = await openInstallPage(h);
    const location = await consent(h, first.addToSlack, 'T0SOUTH');
    const otherBrowser = await followRedirect(location, '');
    expect(otherBrowser.status).toBe(400);
    expect(otherBrowser.html).toContain('opened in another browser');
    expect(await h.deps.installs.find({ teamId: 'T0SOUTH' })).toBeUndefined();
    expect((await followRedirect(location, first.cookie)).status).toBe(200);
    // The state is good for one install: the same redirect again is refused.
    const replayed = await followRedirect(location, first.cookie);
    expect(replayed.status).toBe(400);
    expect(replayed.html).toContain('expired, was already used');
  });

  it('says the installation was cancelled when the admin cancels', async () => {
    const { addToSlack, cookie } = await openInstallPage(h);
    const result = await followRedirect(await consent(h, addToSlack, 'T0SOUTH', 'cancel'), cookie);
    expect(result.status).toBe(400);
    expect(result.html).toContain('cancelled');
  });
});

describe('two workspaces and one organisation', () => {
  beforeAll(async () => {
    const south = await installThroughStandin(h, 'T0SOUTH');
    expect(south.status).toBe(200);
    expect(south.html).toContain('fieldline is installed in South Plant');
    expect(south.html).toContain('What to do next');
    const org = await installThroughStandin(h, 'E0ACME');
    expect(org.status).toBe(200);
    expect(org.html).toContain('fieldline is installed in Acme Manufacturing');
    expect(org.html).toContain('Every workspace of the organisation');
  });

  it('keeps one installation per workspace, the organisation keyed by its enterprise id', async () => {
    expect((await h.deps.installs.keys()).sort()).toEqual(['E0ACME', 'T0FIELD', 'T0SOUTH']);
    const org = await h.deps.installs.find({
      teamId: 'T0LYON',
      enterpriseId: 'E0ACME',
      isEnterpriseInstall: true,
    });
    expect(org).toMatchObject({
      key: 'E0ACME',
      isEnterpriseInstall: true,
      enterpriseName: 'Acme Manufacturing',
    });
  });

  it.each([
    ['T0FIELD', 'T0FIELD'],
    ['T0SOUTH', 'T0SOUTH'],
    ['T0LYON', 'E0ACME'],
    ['T0PORTO', 'E0ACME'],
  ])('a request from %s is answered with the token of installation %s', async (workspace, installation) => {
    use(workspace);
    try {
      const mark = oauthMark(h);
      await h.driver.appHomeOpened({ user: 'U0BEN' });
      await waitFor(() => callersSince(h, mark, 'views.publish').length > 0);
      await h.app.whenIdle();
      // Every Web API call of the request, the gate's users.info included, used that installation's token.
      const calls = h.standin.workspaces?.oauth.calls.slice(mark) ?? [];
      expect(new Set(calls.map((c) => c.key))).toEqual(new Set([installation]));
    } finally {
      use('T0FIELD');
    }
  });

  it('treats a member of another workspace of the organisation as one of ours, a partner as a partner', async () => {
    h.standin.addUser({
      id: 'U0PAU',
      name: 'paula.porto',
      real_name: 'Paula Porto',
      tz: 'UTC',
      team_id: 'T0PORTO',
    });
    use('T0LYON');
    try {
      const colleague = await answerTo(h, { command: '/task', text: 'list all', user: 'U0PAU' });
      expect(textOf(colleague)).not.toContain('another organisation');
      expect(textOf(colleague)).toContain('you have not connected one yet');
      const partner = await answerTo(h, { command: '/task', text: 'list all', user: 'U0KAI' });
      expect(textOf(partner)).toContain('another organisation');
    } finally {
      use('T0FIELD');
    }
  });

  it('never keeps or logs a token in clear', async () => {
    for (const ids of [
      { teamId: 'T0SOUTH' },
      { teamId: 'T0LYON', enterpriseId: 'E0ACME', isEnterpriseInstall: true },
    ]) {
      const found = await h.deps.installs.find(ids);
      expect(found?.botToken).toMatch(/^xoxb-/);
      const raw = JSON.stringify(await h.deps.store.namespace('installs').get(`inst:${found?.key ?? ''}`));
      expect(raw).not.toContain(found?.botToken);
      expect(raw).not.toContain('xoxb-');
      expect(h.logText()).not.toContain(found?.botToken);
    }
  });

  it('does not serve a workspace that never installed it', async () => {
    expect(await h.deps.installs.find({ teamId: 'T0NOWHERE' })).toBeUndefined();
  });
});
