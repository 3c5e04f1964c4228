/**
 * The fetch WebClient uses (src/kit/slack-fetch.ts), against a loopback server: what WebClient reads of an answer,
 * a redirect not followed (the token stays where it was sent), a multipart upload, an oversized answer refused.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { slackFetch } from '../../src/kit/slack-fetch.ts';

let server: Server;
let base = '';
const seen: { path: string; auth?: string; type?: string; body: string }[] = [];

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const body = await bodyOf(req);
    seen.push({
      path: req.url ?? '',
      ...(req.headers.authorization ? { auth: req.headers.authorization } : {}),
      ...(req.headers['content-type'] ? { type: req.headers['content-type'] } : {}),
      body,
    });
    if (req.url === '/api/chat.postMessage') {
      res.writeHead(200, { 'content-type': 'application/json', 'x-oauth-scopes': 'chat:write' });
      return res.end(JSON.stringify({ ok: true, ts: '1.2' }));
    }
    if (req.url === '/api/redirected') {
      res.writeHead(302, { location: `${base}/elsewhere` });
      return res.end();
    }
    if (req.url === '/api/limited') {
      res.writeHead(429, { 'retry-after': '7' });
      return res.end('slow down');
    }
    if (req.url === '/huge') {
      res.writeHead(200);
      return res.end(Buffer.alloc(17 * 1024 * 1024, 'a'));
    }
    res.writeHead(200);
    res.end('OK');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));

describe('slackFetch', () => {
  it('serves WebClient: the form body and token reach Slack, the answer and its headers come back', async () => {
    const client = new WebClient('xoxb-test', { slackApiUrl: `${base}/api/`, fetch: slackFetch });
    const res = await client.chat.postMessage({ channel: 'C1', text: 'hello <world>' });
    expect(res.ok).toBe(true);
    expect(res.ts).toBe('1.2');
    expect(res.response_metadata?.scopes).toEqual(['chat:write']);
    const sent = seen.find((s) => s.path === '/api/chat.postMessage');
    expect(sent?.auth).toBe('Bearer xoxb-test');
    expect(new URLSearchParams(sent?.body).get('text')).toBe('hello <world>');
  });

  it('does not follow a redirect, so nothing is sent on to where it points', async () => {
    const before = seen.length;
    const res = await slackFetch(`${base}/api/redirected`, {
      method: 'POST',
      headers: { authorization: 'Bearer x' },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('Location')).toBe(`${base}/elsewhere`);
    expect(seen.slice(before).map((s) => s.path)).toEqual(['/api/redirected']);
  });

  it('reads a 429 with its Retry-After, body included', async () => {
    const res = await slackFetch(`${base}/api/limited`, { method: 'POST' });
    expect([res.status, res.ok, res.headers.get('retry-after')]).toEqual([429, false, '7']);
    expect(await res.text()).toBe('slow down');
    expect(Object.fromEntries(res.headers.entries())['retry-after']).toBe('7');
  });

  it('sends a multipart body (a file upload) with its boundary', async () => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array([1, 2, 3])]), 'chart.png');
    const res = await slackFetch(`${base}/upload/abc`, { method: 'POST', body: form });
    expect(await res.text()).toBe('OK');
    const sent = seen.find((s) => s.path === '/upload/abc');
    expect(sent?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(sent?.body).toContain('filename="chart.png"');
  });

  it('refuses an answer larger than its cap instead of buffering it', async () => {
    await expect(slackFetch(`${base}/huge`, {})).rejects.toThrow(/larger than/);
  });
});
