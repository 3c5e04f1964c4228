/**
 * The web console against other web pages (issue 15): a cross-origin text/plain POST (what any page can send
 * without a preflight) types nothing, a POST without the page's token types nothing, and a foreign Host (DNS
 * rebinding) cannot read the workspace.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossSitePost, rawRequest, sameSiteJson } from '../fixtures/raw-http.ts';
import { startConsoleFixture, type ConsoleFixture } from './console-fixture.ts';

let f: ConsoleFixture;
beforeAll(async () => {
  f = await startConsoleFixture();
});
afterAll(() => f.stop());

const raw = (method: string, path: string, headers: Record<string, string>, body = '') =>
  rawRequest(f.url, method, path, headers, body);

const host = () => new URL(f.url).host;
const command = JSON.stringify({ user: 'U0ANA', channel: 'C0GENERAL', text: '/task list' });

describe('console guard', () => {
  it('refuses a cross-origin text/plain POST: no command reaches the app', async () => {
    const before = f.requests.length;
    const res = await raw('POST', '/console/api/command', crossSitePost(host()), command);
    expect(res.status).toBe(403);
    expect(f.requests.length).toBe(before);
  });

  it('refuses a POST without the page token, and runs the same POST with it', async () => {
    const before = f.requests.length;
    const res = await raw('POST', '/console/api/command', sameSiteJson(host()), command);
    expect(res.status).toBe(403);
    expect(f.requests.length).toBe(before);
    const page = await (await fetch(f.url)).text();
    const token = /<meta name="console-token" content="([^"]+)"/.exec(page)?.[1];
    expect(token).toBe(f.console.token);
    const ok = await raw(
      'POST',
      '/console/api/command',
      sameSiteJson(host(), { 'x-console-token': token ?? '' }),
      command,
    );
    expect(ok.status).toBe(200);
    expect(f.requests.length).toBe(before + 1);
  });

  it('refuses a foreign Host, even for reading the workspace (DNS rebinding)', async () => {
    const port = new URL(f.url).port;
    const foreign = await raw('GET', '/console/state', { host: `attacker.example:${port}` });
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain('U0ANA');
    expect((await raw('GET', '/', { host: `attacker.example:${port}` })).status).toBe(403);
    expect((await raw('GET', '/console/state', { host: `localhost:${port}` })).status).toBe(200);
  });
});
