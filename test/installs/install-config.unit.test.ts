/** The OAuth settings (issue 39): one deployment shape or the other, each problem named in one line. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/base/config.ts';
import { configProblems } from '../fixtures/config-problems.ts';

const KEY = { FIELDLINE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64') };
const OAUTH = {
  SLACK_CLIENT_ID: '1234567890.0987654321',
  SLACK_CLIENT_SECRET: 'client-secret-value',
  SLACK_STATE_SECRET: 'a-state-secret-of-enough-length',
  SLACK_SIGNING_SECRET: 'signing',
};

describe('OAuth configuration', () => {
  it('installs with OAuth over HTTP when the three variables and the signing secret are set', () => {
    const config = loadConfig({ ...KEY, ...OAUTH });
    expect(config.slack.mode).toBe('http');
    expect(config.slack.botToken).toBeUndefined();
    expect(config.slack.oauth).toEqual({
      clientId: OAUTH.SLACK_CLIENT_ID,
      clientSecret: OAUTH.SLACK_CLIENT_SECRET,
      stateSecret: OAUTH.SLACK_STATE_SECRET,
    });
  });

  it('works in Socket Mode too', () => {
    const { SLACK_SIGNING_SECRET: _s, ...oauth } = OAUTH;
    expect(loadConfig({ ...KEY, ...oauth, SLACK_APP_TOKEN: 'xapp-1' }).slack).toMatchObject({
      mode: 'socket',
    });
  });

  it('keeps the single-workspace shape exactly as it was', () => {
    const config = loadConfig({ ...KEY, SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' });
    expect(config.slack.oauth).toBeUndefined();
    expect(config.slack).toMatchObject({ mode: 'http', botToken: 'xoxb-1' });
    expect(loadConfig({}).slack.oauth).toBeUndefined();
  });

  it.each([
    [{ ...KEY, ...OAUTH, SLACK_BOT_TOKEN: 'xoxb-1' }, 'two deployment shapes'],
    [
      { ...KEY, SLACK_CLIENT_ID: OAUTH.SLACK_CLIENT_ID, SLACK_SIGNING_SECRET: 's' },
      'SLACK_CLIENT_SECRET is not set',
    ],
    [{ ...KEY, ...OAUTH, SLACK_STATE_SECRET: 'short' }, 'SLACK_STATE_SECRET must be at least 16 characters'],
    [{ ...KEY, ...OAUTH, SLACK_CLIENT_ID: 'abc' }, 'SLACK_CLIENT_ID must look like'],
    [{ ...OAUTH, ACCESS_MODE: 'shared' }, 'FIELDLINE_ENCRYPTION_KEY is required with SLACK_CLIENT_ID'],
    [
      (({ SLACK_SIGNING_SECRET: _s, ...o }) => ({ ...KEY, ...o }))(OAUTH),
      'SLACK_SIGNING_SECRET is not (needed in HTTP mode)',
    ],
  ])('refuses %o with a line naming the problem', (env, expected) => {
    const found = configProblems(env as Record<string, string>);
    expect(found.some((p) => p.includes(expected))).toBe(true);
    // Never a secret's value in what is printed.
    expect(found.join('\n')).not.toContain(OAUTH.SLACK_CLIENT_SECRET);
  });
});
