import { createHmac } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../src/base/log.ts';
import { createHttpServer } from '../../src/runtime/http-server.ts';
import { openStore } from '../../src/store/open-store.ts';
import { startHarness, type Harness } from '../harness.ts';
import { freePort } from '../setup/redis-server.ts';

let h: Harness;
let probeRuns = 0;
beforeAll(async () => {
  h = await startHarness();
  h.app.app.command('/probe', async ({ ack }) => {
    probeRuns += 1;
    await ack('probed');
  });
});
afterAll(async () => {
  await h.stop();
});

function probeBody(): string {
  return new URLSearchParams({
    token: 'legacy',
    team_id: 'T0FIELD',
    channel_id: 'C0GENERAL',
    user_id: 'U0ANA',
    command: '/probe',
    text: '',
    response_url: `${h.standin.baseUrl}hooks/none`,
    trigger_id: '1.2.3',
    api_app_id: 'A0FIELD',
  }).toString();
}

describe('Slack request signatures', () => {
  it('runs the handler for a correctly signed request (so the rejections below mean something)', async () => {
    const before = probeRuns;
    const res = await h.driver.raw({ body: probeBody() });
    expect(res.status).toBe(200);
    expect(probeRuns).toBe(before + 1);
  });

  it.each([
    ['unsigned', { unsigned: true }],
    ['without a signature header', { signature: '' }],
    ['signed with the wrong secret', { signingSecret: 'not-the-secret' }],
    ['with a forged signature', { signature: `v0=${'0'.repeat(64)}` }],
    ['older than five minutes', { timestamp: Math.floor(Date.now() / 1000) - 5 * 60 - 30 }],
  ])('answers 401 to a request %s and runs no handler', async (_name, variant) => {
    const before = probeRuns;
    const res = await h.driver.raw({ body: probeBody(), ...variant });
    expect(res.status).toBe(401);
    expect(probeRuns).toBe(before);
  });

  it('rejects a replayed body under another timestamp', async () => {
    const body = probeBody();
    const oldTs = Math.floor(Date.now() / 1000) - 10;
    const signature = `v0=${createHmac('sha256', h.standin.signingSecret).update(`v0:${oldTs}:${body}`).digest('hex')}`;
    const before = probeRuns;
    const res = await h.driver.raw({ body, signature, timestamp: oldTs + 5 });
    expect(res.status).toBe(401);
    expect(probeRuns).toBe(before);
  });
});

describe('health endpoints', () => {
  it('GET /healthz answers 200 {ok:true}', async () => {
    const res = await fetch(`${h.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
  });

  it('GET /readyz answers 200 when the store and the platform answer', async () => {
    const res = await fetch(`${h.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      ok: true,
      checks: { store: 'ok', monitoring: 'ok', jobs: 'ok' },
      // The job queue's figures (issue 18): counts only.
      jobs: expect.objectContaining({ engine: 'in-process', waiting: 0, running: 0, kinds: {} }),
    });
  });

  it('GET /readyz answers 503 naming the platform when it fails, without secrets', async () => {
    // a server of its own: the app's server keeps the platform probe it made above for 30 s
    const server = createHttpServer({ deps: h.deps });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    h.sandbox.admin.inject({ endpoint: 'GET /data-sources', status: 500, times: 20 });
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(503);
      const text = await res.text();
      expect(JSON.parse(text)).toEqual({ ok: false, checks: { store: 'ok', monitoring: 'SERVER' } });
      expect(text).not.toContain(h.sandbox.keys.full);
    } finally {
      h.sandbox.admin.clearInjections();
      server.close();
    }
  });

  it('GET /readyz answers 503 naming the store when Redis is unreachable', async () => {
    const log = createLogger({ level: 'silent' });
    const store = await openStore(
      // A loopback port nothing listens on (the kernel's choice), never a fixed one.
      { kind: 'redis', url: `redis://127.0.0.1:${await freePort()}` },
      { log, connectTimeoutMs: 200 },
    );
    const server = createHttpServer({ deps: { store, sharedMonitoring: h.deps.sharedMonitoring, log } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/readyz`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        ok: false,
        checks: { store: 'STORE_UNAVAILABLE', monitoring: 'ok' },
      });
    } finally {
      server.close();
      await store.close();
    }
  });

  it('answers 404 for paths it does not serve', async () => {
    expect((await fetch(`${h.url}/nothing-here`)).status).toBe(404);
  });
});
