/**
 * The sandbox's /_sandbox/ admin over HTTP (issue 15): a web page cannot drive it — a cross-origin text/plain
 * POST (what any page can send without a preflight) is refused, a foreign Host (DNS rebinding) is refused even
 * for reads, and a state-changing request without this run's token is refused. The request log (every header API
 * clients sent, platform keys among them) needs the token even to read, and shows keys only as fingerprints
 * (issue 37).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crossSitePost, rawRequest, sameSiteJson } from '../fixtures/raw-http.ts';
import { credentialFingerprint } from '../../src/sandbox/admin-guard.ts';
import { startApi, type Api } from './helpers.ts';

let api: Api;
beforeAll(async () => {
  api = await startApi();
});
afterAll(() => api.sandbox.close());

const raw = (method: string, path: string, headers: Record<string, string>, body = '') =>
  rawRequest(api.sandbox.url, method, path, headers, body);

const host = () => new URL(api.sandbox.url).host;
const injection = JSON.stringify({ endpoint: 'GET /data-sources', status: 500, times: 5 });
const platformAnswers = async () => (await api.call('/data-sources?limit=1')).status;

describe('/_sandbox/ over HTTP', () => {
  it('refuses a cross-origin text/plain POST, and nothing is injected', async () => {
    const res = await raw('POST', '/_sandbox/inject', crossSitePost(host()), injection);
    expect(res.status).toBe(403);
    expect(await platformAnswers()).toBe(200);
  });

  it('refuses a POST without the run token (even same-origin), and accepts it with the token', async () => {
    const without = await raw('POST', '/_sandbox/inject', sameSiteJson(host()), injection);
    expect(without.status).toBe(403);
    expect(without.text).toContain('x-sandbox-admin-token');
    expect(await platformAnswers()).toBe(200);
    const withToken = await raw(
      'POST',
      '/_sandbox/inject',
      sameSiteJson(host(), { 'x-sandbox-admin-token': api.sandbox.adminToken }),
      injection,
    );
    expect(withToken.status).toBe(200);
    expect(await platformAnswers()).toBe(500);
    api.sandbox.admin.clearInjections();
  });

  it('refuses a foreign Host, even for reads (DNS rebinding)', async () => {
    const res = await raw('GET', '/_sandbox/state', {
      host: `attacker.example:${new URL(api.sandbox.url).port}`,
    });
    expect(res.status).toBe(403);
    expect(res.text).not.toContain(api.sandbox.keys.full);
    expect(
      (await raw('GET', '/_sandbox/state', { host: `localhost:${new URL(api.sandbox.url).port}` })).status,
    ).toBe(200);
  });

  it.each([
    '/_sandbox/requests',
    '/_sandbox/requests?kind=api',
    '/_sandbox/requests/presigned-with-credentials',
  ])('answers GET %s only with the run token', async (path) => {
    await platformAnswers();
    const without = await raw('GET', path, { host: host() });
    expect(without.status).toBe(403);
    expect(without.text).toContain('x-sandbox-admin-token');
    expect(without.text).not.toContain(api.sandbox.keys.full);
    const wrong = await raw('GET', path, { host: host(), 'x-sandbox-admin-token': 'not-the-token' });
    expect(wrong.status).toBe(403);
    const withToken = await raw('GET', path, {
      host: host(),
      'x-sandbox-admin-token': api.sandbox.adminToken,
    });
    expect(withToken.status).toBe(200);
  });

  it('shows the admin a fingerprint of each key the platform was called with, never the key', async () => {
    await platformAnswers();
    const res = await raw('GET', '/_sandbox/requests?kind=api', {
      host: host(),
      'x-sandbox-admin-token': api.sandbox.adminToken,
    });
    expect(res.status).toBe(200);
    expect(res.text).not.toContain(api.sandbox.keys.full);
    const records = (JSON.parse(res.text) as { result: { headers: Record<string, string> }[] }).result;
    expect(records.at(-1)?.headers['x-api-key']).toBe(credentialFingerprint(api.sandbox.keys.full));
    expect(credentialFingerprint(api.sandbox.keys.full)).toMatch(/^\[redacted sha256:[0-9a-f]{12}\]$/);
  });
});
