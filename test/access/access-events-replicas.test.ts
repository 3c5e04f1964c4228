/**
 * Issue 37, across replicas: a user_change reaches one replica, and another replica — which answered the same
 * person a moment ago, so its memory (the 30 s near cache) says "allowed" — refuses their next request within
 * seconds. Two fieldline apps on one store, each with its own memory; the stand-in sends each its signed requests.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/base/config.ts';
import { systemClock } from '../../src/base/deps.ts';
import { composeDeps, type Composed } from '../../src/main/compose.ts';
import { createSlackApp, type SlackApp } from '../../src/runtime/app.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, textOf } from './access-helpers.ts';

const ENCRYPTION_KEY = randomBytes(32).toString('base64');
let h: Harness;
let other: { composed: Composed; app: SlackApp; url: string };

beforeAll(async () => {
  h = await startHarness({
    links: 'local',
    store: 'sqlite',
    configOverrides: { FIELDLINE_ENCRYPTION_KEY: ENCRYPTION_KEY },
  });
  // The second replica: same store, platform and Slack, its own memory.
  const config = loadConfig({ STORE_URL: 'memory://', FIELDLINE_ENCRYPTION_KEY: ENCRYPTION_KEY });
  const composed = composeDeps({
    config,
    log: h.deps.log,
    store: h.deps.store,
    clock: systemClock,
    platform: { baseUrl: h.sandbox.url, sharedKey: h.sandbox.keys.full },
  });
  const app = createSlackApp(composed.deps, {
    ...composed.slackOptions,
    mode: 'http',
    port: 0,
    host: '127.0.0.1',
    signingSecret: h.standin.signingSecret,
    botToken: h.standin.botToken,
    slackApiUrl: h.standin.apiUrl,
    drainMs: 1_000,
  });
  const { port } = await app.start();
  other = { composed, app, url: `http://127.0.0.1:${port}/slack/events` };
});
afterAll(async () => {
  h?.standin.setAppUrl(`${h.url}/slack/events`);
  await other?.app.stop();
  await other?.composed.close();
  await h?.stop();
});

/** Ben's `/task list all`, received by replica A (the harness's app) or B. */
async function benListsOn(replica: 'A' | 'B'): Promise<string> {
  h.standin.setAppUrl(replica === 'A' ? `${h.url}/slack/events` : other.url);
  return textOf(await answerTo(h, { command: '/task', text: 'list all', user: 'U0BEN' }));
}

describe('an access event received by one replica', () => {
  it('is applied by the other within seconds, though it remembered the person as allowed', async () => {
    expect(await benListsOn('A')).toContain('Chicago Works');
    expect(await benListsOn('B')).toContain('Chicago Works');
    // Slack makes Ben a guest and tells replica A.
    const ben = h.standin.users.find((u) => u.id === 'U0BEN')!;
    h.standin.addUser({ ...ben, is_restricted: true });
    h.standin.setAppUrl(`${h.url}/slack/events`);
    expect((await h.driver.userChange('U0BEN')).status).toBe(200);
    await waitFor(async () => (await benListsOn('B')).includes('not available to workspace guests'), {
      timeoutMs: 3_000,
      intervalMs: 200,
      message: 'replica B refuses Ben within 3 s',
    });
  });
});
