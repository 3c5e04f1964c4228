/**
 * The receiver against hostile requests (issue 15): replayed signed requests run once, a timestamp from the
 * future is refused, an oversized body is refused before it is read, a connection that never finishes its
 * headers is closed, and /readyz cannot be used to spend the platform key.
 */
import { request as httpRequest } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimFor } from '../../src/runtime/dedupe.ts';
import { createHttpServer } from '../../src/runtime/http-server.ts';
import { payloadBody } from '../../src/slack-standin/driver-transport.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
let commandRuns = 0;
let actionRuns = 0;
beforeAll(async () => {
  h = await startHarness();
  h.app.app.command('/probe', async ({ ack }) => {
    commandRuns += 1;
    await ack();
  });
  h.app.app.action('probe_button', async ({ ack }) => {
    actionRuns += 1;
    await ack();
  });
});
afterAll(() => h.stop());

function commandBody(): string {
  return new URLSearchParams({
    team_id: 'T0FIELD',
    channel_id: 'C0GENERAL',
    user_id: 'U0ANA',
    command: '/probe',
    text: 'export',
    response_url: `${h.standin.baseUrl}hooks/none`,
    trigger_id: '1.2.3',
    api_app_id: 'A0FIELD',
  }).toString();
}

function actionBody(): string {
  return payloadBody({
    type: 'block_actions',
    team: { id: 'T0FIELD' },
    user: { id: 'U0ANA' },
    api_app_id: 'A0FIELD',
    channel: { id: 'C0GENERAL' },
    trigger_id: '1.2.4',
    response_url: `${h.standin.baseUrl}hooks/none`,
    actions: [{ type: 'button', action_id: 'probe_button', block_id: 'b', value: 'v', action_ts: '1' }],
  });
}

describe('replay', () => {
  it('runs a signed slash command once when the same signed request arrives twice', async () => {
    const before = commandRuns;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = commandBody();
    const first = await h.driver.raw({ body, timestamp });
    const replay = await h.driver.raw({ body, timestamp });
    expect([first.status, replay.status]).toEqual([200, 200]);
    await h.app.whenIdle();
    expect(commandRuns).toBe(before + 1);
    // a new request (new timestamp, new signature) with the same text is a new command
    await h.driver.raw({ body, timestamp: timestamp + 1 });
    await h.app.whenIdle();
    expect(commandRuns).toBe(before + 2);
  });

  it('runs a signed block action once when the same signed request arrives twice', async () => {
    const before = actionRuns;
    const timestamp = Math.floor(Date.now() / 1000);
    const body = actionBody();
    await h.driver.raw({ body, timestamp });
    await h.driver.raw({ body, timestamp });
    await h.app.whenIdle();
    expect(actionRuns).toBe(before + 1);
  });

  it('answers 401 to a correctly signed request stamped an hour in the future and runs nothing', async () => {
    const before = commandRuns;
    const res = await h.driver.raw({ body: commandBody(), timestamp: Math.floor(Date.now() / 1000) + 3600 });
    expect(res.status).toBe(401);
    await h.app.whenIdle();
    expect(commandRuns).toBe(before);
  });
});

describe('resource limits', () => {
  it('refuses an oversized unsigned body before reading it (answers while most of it is unsent)', async () => {
    const { hostname, port } = new URL(h.url);
    const declared = 4_000_000;
    const answer = await new Promise<{ status: number; sent: number }>((resolve, reject) => {
      const req = httpRequest({
        host: hostname,
        port,
        method: 'POST',
        path: '/slack/events',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': declared },
      });
      let sent = 0;
      req.on('response', (res) => {
        res.resume();
        resolve({ status: res.statusCode ?? 0, sent });
        req.destroy();
      });
      req.on('error', (err) => (sent < declared ? undefined : reject(err)));
      // 64 KB of the 4 MB, then nothing: a server that buffers the body before answering never answers.
      const chunk = Buffer.alloc(64 * 1024, 'a');
      req.write(chunk);
      sent += chunk.length;
    });
    expect(answer.status).toBe(413);
    expect(answer.sent).toBeLessThan(declared);
  });

  it('closes a connection that never finishes its request headers', async () => {
    const server = createHttpServer({
      deps: h.deps,
      limits: { headersTimeoutMs: 300, requestTimeoutMs: 600, checkIntervalMs: 100 },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const socket = connect(port, '127.0.0.1');
      let closed = false;
      socket.on('close', () => (closed = true));
      socket.on('error', () => undefined);
      let answer = '';
      socket.on('data', (d: Buffer) => (answer += d.toString('latin1')));
      socket.write('POST /slack/events HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await waitFor(() => closed, { timeoutMs: 10_000, message: 'slow connection was never closed' });
      expect(answer).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses connections past the cap', async () => {
    const server = createHttpServer({ deps: h.deps, limits: { maxConnections: 2 } });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const sockets = [0, 1, 2].map(() => {
        const socket = connect(port, '127.0.0.1');
        const state = { socket, closed: false };
        socket.on('close', () => (state.closed = true));
        socket.on('error', () => undefined);
        socket.resume();
        return state;
      });
      await Promise.all(sockets.map((s) => new Promise((resolve) => s.socket.once('connect', resolve))));
      // each starts a request it never finishes: two are held open, the one past the cap is dropped
      for (const s of sockets) s.socket.write('POST /slack/events HTTP/1.1\r\nHost: x\r\n');
      await waitFor(() => sockets.filter((s) => s.closed).length === 1, { message: 'no connection refused' });
      expect(sockets.filter((s) => s.closed)).toHaveLength(1);
      for (const s of sockets) s.socket.destroy();
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('health endpoints spend no platform calls per request', () => {
  const probes = () =>
    h.sandbox.admin
      .requests()
      .filter(
        (r) =>
          r.path === '/data-sources' &&
          r.query.limit === '1' &&
          r.headers['x-api-key'] === h.sandbox.keys.full,
      );

  it('answers 300 /readyz requests with at most one platform call', async () => {
    h.sandbox.admin.clearRequests();
    const statuses: number[] = [];
    for (let batch = 0; batch < 6; batch += 1) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () =>
          fetch(`${h.url}/readyz`).then(async (r) => (await r.text(), r.status)),
        ),
      );
      statuses.push(...answers);
    }
    expect(statuses).toHaveLength(300);
    expect(statuses.every((s) => s === 200)).toBe(true);
    expect(probes().length).toBeLessThanOrEqual(1);
  });

  it('answers /healthz without touching the platform', async () => {
    h.sandbox.admin.clearRequests();
    for (let i = 0; i < 20; i += 1) expect((await fetch(`${h.url}/healthz`)).status).toBe(200);
    expect(probes()).toEqual([]);
  });
});

describe('which deliveries are claimed', () => {
  const signed = { signedRequest: { signature: 'v0=abc', timestamp: '1700000000' } };
  it.each([
    ['a slash command', { command: '/task', text: 'list' }],
    ['a block action', { type: 'block_actions' }],
    ['a global shortcut', { type: 'shortcut' }],
    ['a message shortcut', { type: 'message_action' }],
  ])('claims %s by its signed request', (_name, body) => {
    expect(claimFor(body, signed)?.key).toMatch(/^signed:[0-9a-f]{32}$/);
  });

  it('claims nothing for option loads, and nothing without a signed request (Socket Mode)', () => {
    expect(claimFor({ type: 'block_suggestion' }, signed)).toBeNull();
    expect(claimFor({ type: 'block_actions' }, {})).toBeNull();
  });
});
