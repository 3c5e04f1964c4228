/**
 * The one "reply to this person" path (kit/reply/index.ts `tellPerson`): the request's response_url first, then an
 * ephemeral in the channel, then a DM — the order every feature now shares (three hand-written response_url
 * POSTs and two fallback chains merged into it).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { WebClient } from '@slack/web-api';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptResponseUrlOrigin } from '../../src/kit/reply/response-url.ts';
import { tellPerson } from '../../src/kit/reply/index.ts';

let server: Server;
let base = '';
/** This server stands for Slack's hooks host, as the stand-in does for an app (issue 37). */
let release = () => undefined as void;
const received: { path: string; body: unknown }[] = [];
beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      received.push({ path: req.url ?? '', body: JSON.parse(body) as unknown });
      res.writeHead(req.url === '/used-up' ? 404 : 200).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  release = acceptResponseUrlOrigin(base, pino({ level: 'silent' }));
});
afterAll(() => {
  release();
  return new Promise<void>((resolve) => server.close(() => resolve()));
});

function fakeClient(opts: { ephemeralFails?: boolean } = {}) {
  const calls: { method: string; args: Record<string, unknown> }[] = [];
  const client = {
    chat: {
      postEphemeral: async (args: Record<string, unknown>) => {
        calls.push({ method: 'chat.postEphemeral', args });
        if (opts.ephemeralFails) throw Object.assign(new Error('x'), { data: { error: 'not_in_channel' } });
        return { ok: true };
      },
      postMessage: async (args: Record<string, unknown>) => {
        calls.push({ method: 'chat.postMessage', args });
        return { ok: true, channel: 'D1', ts: '1.1' };
      },
    },
  } as unknown as WebClient;
  return { client, calls };
}

describe('tellPerson', () => {
  it('answers through the response_url as an ephemeral that replaces nothing', async () => {
    received.length = 0;
    const { client, calls } = fakeClient();
    await tellPerson({ client, user: 'U1', channel: 'C1', responseUrl: `${base}/ok` }, { text: 'hello' });
    expect(received).toEqual([
      { path: '/ok', body: { response_type: 'ephemeral', replace_original: false, text: 'hello' } },
    ]);
    expect(calls).toEqual([]);
  });

  it('falls back to an ephemeral in the thread when the response_url is used up', async () => {
    received.length = 0;
    const { client, calls } = fakeClient();
    await tellPerson(
      { client, user: 'U1', channel: 'C1', threadTs: '9.9', responseUrl: `${base}/used-up` },
      { text: 'hello' },
    );
    expect(received.map((r) => r.path)).toEqual(['/used-up']);
    expect(calls).toEqual([
      { method: 'chat.postEphemeral', args: { channel: 'C1', user: 'U1', text: 'hello', thread_ts: '9.9' } },
    ]);
  });

  it('sends a DM when the bot cannot post an ephemeral there', async () => {
    const { client, calls } = fakeClient({ ephemeralFails: true });
    await tellPerson({ client, user: 'U1', channel: 'C1' }, { text: 'hello' });
    expect(calls.map((c) => c.method)).toEqual(['chat.postEphemeral', 'chat.postMessage']);
    expect(calls[1]?.args).toEqual({ channel: 'U1', text: 'hello' });
  });

  it('sends a DM when the request came from no channel', async () => {
    const { client, calls } = fakeClient();
    await tellPerson({ client, user: 'U1' }, { text: 'hello' });
    expect(calls).toEqual([{ method: 'chat.postMessage', args: { channel: 'U1', text: 'hello' } }]);
  });
});
