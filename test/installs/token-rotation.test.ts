/**
 * Token rotation (issue 39, `token_rotation_enabled`): an installation's bot token is exchanged for a new one
 * before it expires, exactly once however many requests need it at the same time — within one process (the
 * harness: concurrent signed requests) and across replicas (two services on one store, every backend).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { randomBytes } from 'node:crypto';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { createInstalls, refreshExchange } from '../../src/installs/index.ts';
import { startStandin, TEAM, type Standin } from '../../src/slack-standin/index.ts';
import { BACKENDS, noBackend, twoReplicas, type Replicas } from '../store/shared-backends.ts';
import { callersSince, installThroughStandin, oauthMark } from './install-helpers.ts';

const HOUR_S = 3600;
/** Three hours: not due at first (refreshed within two hours of expiry). */
const LIFETIME_S = 3 * HOUR_S;

describe('through signed requests', () => {
  let h: Harness;
  const clock = { offset: 0, now: () => Date.now() + clock.offset };
  beforeAll(async () => {
    h = await startHarness({
      oauth: { tokenLifetimeSeconds: LIFETIME_S },
      clock: { now: clock.now },
      standin: { clock: clock.now },
    });
    expect((await installThroughStandin(h, 'T0SOUTH')).status).toBe(200);
  });
  afterAll(() => h.stop());

  it('refreshes a token due for it once, under concurrent requests, and serves every one of them', async () => {
    const oauth = h.standin.workspaces?.oauth;
    expect(oauth?.refreshes).toEqual([]);
    const before = await h.deps.installs.find({ teamId: 'T0SOUTH' });
    // An hour and a half later the token has less than two hours left.
    clock.offset += 1.5 * HOUR_S * 1000;
    h.standin.workspaces?.use('T0SOUTH');
    try {
      const mark = oauthMark(h);
      const users = ['U0ANA', 'U0BEN', 'U0CHL', 'U0DAV', 'U0EVE', 'U0NIA'];
      await Promise.all(users.map((user) => h.driver.appHomeOpened({ user })));
      await waitFor(
        () =>
          (oauth?.calls.slice(mark).filter((c) => c.method === 'views.publish').length ?? 0) >= users.length,
      );
      await h.app.whenIdle();
      expect(oauth?.refreshes.map((r) => r.key)).toEqual(['T0SOUTH']);
      // Attempts too (a refresh token is good once: a second exchange would fail, and be seen here).
      expect(
        h.standin.callsTo('oauth.v2.access').filter((c) => c.args.grant_type === 'refresh_token'),
      ).toHaveLength(1);
      expect(callersSince(h, mark, 'views.publish')).toEqual(['T0SOUTH']);
    } finally {
      h.standin.workspaces?.use(TEAM.id);
    }
    const after = await h.deps.installs.find({ teamId: 'T0SOUTH' });
    expect(after?.botToken).not.toBe(before?.botToken);
    // The new token lasts three hours from now: the next requests refresh nothing.
    await h.deps.installs.find({ teamId: 'T0SOUTH' });
    expect(oauth?.refreshes).toHaveLength(1);
    expect(h.logText()).not.toContain(after?.botToken);
  });
});

describe.each(BACKENDS)('across two replicas on %s', (kind) => {
  let standin: Standin;
  let replicas: Replicas;
  const clientId = '1000000001.2000000002';
  const clientSecret = randomBytes(16).toString('hex');
  const log = pino({ level: 'silent' });
  beforeAll(async () => {
    if (noBackend(kind)) return;
    standin = await startStandin({ oauth: { clientId, clientSecret, tokenLifetimeSeconds: LIFETIME_S } });
    replicas = await twoReplicas(kind);
  });
  afterAll(async () => {
    if (noBackend(kind)) return;
    await replicas.close();
    await standin.close();
  });

  it.skipIf(noBackend(kind))('exchanges the refresh token exactly once', async () => {
    const oauth = standin.workspaces?.oauth;
    if (!oauth) throw new Error('stand-in without oauth');
    const key = randomBytes(32);
    const [a, b] = [replicas.a, replicas.b].map((store) => {
      const installs = createInstalls({ store, multi: true, dataKey: key, now: Date.now, log });
      installs.useSlackApi(refreshExchange({ clientId, clientSecret }, { slackApiUrl: standin.apiUrl }));
      return installs;
    });
    if (!a || !b) throw new Error('no replicas');
    const code = oauth.issueCode(
      { key: 'T0SOUTH', teamId: 'T0SOUTH', isEnterpriseInstall: false },
      undefined,
      'commands',
      'U0ANA',
    );
    const granted = oauth.access({ client_id: clientId, client_secret: clientSecret, code });
    await a.records.put({
      v: 1,
      key: 'T0SOUTH',
      teamId: 'T0SOUTH',
      isEnterpriseInstall: false,
      scopes: ['commands'],
      installedAt: Date.now(),
      // Due: one hour left.
      expiresAt: Date.now() + HOUR_S * 1000,
      tokens: { botToken: String(granted.access_token), refreshToken: String(granted.refresh_token) },
    });
    const found = await Promise.all(
      Array.from({ length: 12 }, (_, i) => (i % 2 === 0 ? a : b).find({ teamId: 'T0SOUTH' })),
    );
    expect(oauth.refreshes).toHaveLength(1);
    // Attempts too: a second exchange of the same refresh token would fail, and be seen here.
    expect(standin.callsTo('oauth.v2.access')).toHaveLength(1);
    // Every caller got a token Slack accepts (the old one until its end, or the new one).
    for (const f of found) expect(oauth.caller(f?.botToken ?? '')).not.toHaveProperty('error');
    const now = await b.find({ teamId: 'T0SOUTH' });
    expect(now?.botToken).not.toBe(granted.access_token);
    expect(oauth.refreshes).toHaveLength(1);
  });
});
