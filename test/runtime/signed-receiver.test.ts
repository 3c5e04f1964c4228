/**
 * fieldline's receiver for Slack's signed requests (src/runtime/signed-receiver.ts), over loopback HTTP with a Bolt
 * App behind it: what listeners receive is what Bolt's HTTPReceiver would have handed them, and every request Bolt
 * refuses is refused with the same status before anything runs.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parse as parseQuery } from 'node:querystring';
import { App } from '@slack/bolt';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bodyJson } from '../../src/runtime/payload-text.ts';
import { parseForm, SignedRequestReceiver } from '../../src/runtime/signed-receiver.ts';
import { slackSignature } from '../../src/slack-standin/index.ts';
import { silentLogger } from '../fixtures/handler-args.ts';

const SECRET = 'receiver-test-secret';
const quiet = silentLogger;

let server: Server;
let base: string;
let seen: { body: unknown; retryNum?: number; retryReason?: string; signature?: unknown }[] = [];
let doubleAck: unknown;

beforeAll(async () => {
  const receiver = new SignedRequestReceiver({
    signingSecret: SECRET,
    path: '/slack/events',
    logger: quiet,
    bodyLimit: 4_000,
    customProperties: (req) => ({ signature: req.headers['x-slack-signature'] }),
  });
  const app = new App({
    token: 'xoxb-test',
    receiver,
    logger: quiet,
    tokenVerificationEnabled: false,
    botId: 'B0TEST',
    botUserId: 'U0BOT',
  });
  app.use(async ({ body, context, next }) => {
    seen.push({
      body,
      retryNum: context.retryNum,
      retryReason: context.retryReason,
      signature: context.signature,
    });
    await next();
  });
  app.command('/probe', async ({ ack }) => {
    await ack();
  });
  app.command('/twice', async ({ ack }) => {
    await ack({ text: 'first' });
    doubleAck = await ack().catch((err: unknown) => err);
  });
  app.command('/fails', () => {
    throw new Error('listener failed before its ack');
  });
  app.view('probe_view', async ({ ack }) => {
    await ack({ response_action: 'clear' });
  });
  server = createServer((req, res) => {
    try {
      receiver.requestListener(req, res);
    } catch {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  doubleAck = undefined;
});

const FORM = 'application/x-www-form-urlencoded';
const now = () => Math.floor(Date.now() / 1000);

async function post(
  body: string,
  opts: { type?: string; ts?: number; signature?: string | null; headers?: Record<string, string> } = {},
): Promise<{ status: number; text: string }> {
  const ts = opts.ts ?? now();
  const signature = opts.signature === undefined ? slackSignature(SECRET, ts, body) : opts.signature;
  const res = await fetch(`${base}/slack/events`, {
    method: 'POST',
    headers: {
      'content-type': opts.type ?? FORM,
      'x-slack-request-timestamp': String(ts),
      ...(signature === null ? {} : { 'x-slack-signature': signature }),
      ...opts.headers,
    },
    body,
  });
  return { status: res.status, text: await res.text() };
}

const command = (name: string, text: string) =>
  new URLSearchParams({ command: name, text, team_id: 'T1', user_id: 'U1', channel_id: 'C1' }).toString();

const submission = {
  type: 'view_submission',
  team: { id: 'T1' },
  user: { id: 'U1' },
  view: {
    id: 'V1',
    callback_id: 'probe_view',
    state: {
      values: { b: { a: { type: 'plain_text_input', value: 'Valve +3 bar & 50% <hot> ünïcode 🔧' } } },
    },
  },
};

describe('signed receiver', () => {
  it("hands listeners a submission's payload exactly as sent, and answers with the listener's ack", async () => {
    const payload = JSON.stringify(submission, null, 1);
    const res = await post(new URLSearchParams({ payload }).toString());
    expect(res).toEqual({ status: 200, text: '{"response_action":"clear"}' });
    expect(seen.map((s) => s.body)).toEqual([submission]);
    // The text it was parsed from rides along (a job records it), seen by no key list or serialization.
    const body = seen[0]?.body as object;
    expect(bodyJson(body)).toBe(payload);
    expect(JSON.stringify(body)).toBe(JSON.stringify(submission));
    expect({ ...body }).toEqual(submission);
  });

  it("hands listeners a slash command's fields decoded, with the request's retry headers", async () => {
    const res = await post(command('/probe', 'a+b 100% & <x>'), {
      headers: { 'x-slack-retry-num': '2', 'x-slack-retry-reason': 'http_timeout' },
    });
    expect(res.status).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      body: { command: '/probe', text: 'a+b 100% & <x>', user_id: 'U1' },
      retryNum: 2,
      retryReason: 'http_timeout',
    });
    expect(typeof seen[0]?.signature).toBe('string');
    // No payload text for a form's fields: a job serializes the body listeners saw (command text decoded).
    expect(bodyJson(seen[0]?.body as object)).toBe(JSON.stringify(seen[0]?.body));
  });

  it('decodes a form the way node:querystring does, malformed escapes included', () => {
    for (const text of [
      'payload=%7B%22a%22%3A%22x%2By%20z%22%7D',
      'payload=a+b%2Bc',
      'payload=%E0%A4%A',
      'payload=%zz%41',
      'payload=',
      'payload=x&ssl_check=1',
      'command=%2Fprobe&text=a+b',
    ])
      expect({ ...parseForm(text) }).toEqual({ ...parseQuery(text) });
  });

  it("answers Slack's unsigned ssl_check and runs nothing, even with a payload smuggled beside it", async () => {
    const smuggled = `ssl_check=1&${new URLSearchParams({ payload: JSON.stringify(submission) }).toString()}`;
    for (const body of ['ssl_check=1&token=x', smuggled])
      expect((await post(body, { signature: null })).status).toBe(200);
    expect(seen).toEqual([]);
  });

  it('answers a signed url_verification with its challenge', async () => {
    const body = JSON.stringify({ type: 'url_verification', challenge: 'c-123', token: 't' });
    const res = await post(body, { type: 'application/json' });
    expect(res).toEqual({ status: 200, text: '{"challenge":"c-123"}' });
    expect(seen).toEqual([]);
  });

  it('refuses with 401, running nothing, what Slack did not sign within five minutes', async () => {
    const body = command('/probe', 'x');
    const good = slackSignature(SECRET, now(), body);
    const cases = [
      { signature: null },
      { signature: 'v0=' },
      { signature: good.toUpperCase() },
      { signature: good.replace('v0=', 'v1=') },
      { signature: `${good}00` },
      { signature: slackSignature('another-secret', now(), body) },
      { ts: now() - 6 * 60, signature: slackSignature(SECRET, now() - 6 * 60, body) },
      { ts: now() + 1, signature: good },
    ];
    for (const c of cases) expect((await post(body, c)).status).toBe(401);
    expect((await post(`${body}&extra=1`, { signature: good })).status).toBe(401);
    expect(seen).toEqual([]);
    // The same body, signed right, runs: the refusals above are about the signature alone.
    expect((await post(body)).status).toBe(200);
    expect(seen).toHaveLength(1);
  });

  it('refuses a signed body that does not parse with 400, and one over the limit with 413', async () => {
    expect((await post('payload=%7Bnot-json')).status).toBe(400);
    expect((await post('{"type":', { type: 'application/json' })).status).toBe(400);
    expect((await post('"just a string"', { type: 'application/json' })).status).toBe(400);
    expect((await post(command('/probe', 'x'.repeat(5_000)))).status).toBe(413);
    expect(seen).toEqual([]);
  });

  it("keeps Bolt's ack rules: a second ack throws, a listener failing before its ack is answered 500", async () => {
    expect(await post(command('/twice', ''))).toEqual({ status: 200, text: '{"text":"first"}' });
    await vi.waitFor(() => expect(doubleAck).toBeInstanceOf(Error));
    expect((await post(command('/fails', ''))).status).toBe(500);
  });

  it('serves POST on its path only', async () => {
    expect((await fetch(`${base}/slack/events`)).status).toBe(404);
    expect((await fetch(`${base}/other`, { method: 'POST', body: 'x' })).status).toBe(404);
    expect((await post(command('/probe', ''), { headers: {} })).status).toBe(200);
  });
});
