/**
 * The `fetch` WebClient sends Slack's Web API calls with (its `fetch` option, @slack/web-api 8): undici's `request`
 * with the few Response members WebClient reads (its FetchResponse type). Node's global fetch builds WHATWG streams,
 * Request and Response objects around the same client; for fieldline's many small calls that was the largest cost
 * of a Slack call in the profile (issue 18). Like fetch with `redirect: 'error'` (what WebClient asks for), a
 * redirect is never followed, so the bot token goes nowhere but where WebClient sent it. File uploads (multipart)
 * still go through fetch.
 */
import type { FetchFunction } from '@slack/web-api';
import { request } from 'undici';
import { observeSlackCall } from '../base/metrics.ts';

type FetchResponse = Awaited<ReturnType<FetchFunction>>;

function headersOf(raw: Record<string, string | string[] | undefined>): FetchResponse['headers'] {
  const flat = (v: string | string[] | undefined) => (Array.isArray(v) ? v.join(', ') : v);
  return {
    get: (name: string) => flat(raw[name.toLowerCase()]) ?? null,
    *entries() {
      for (const [k, v] of Object.entries(raw)) {
        const value = flat(v);
        if (value !== undefined) yield [k, value];
      }
    },
  };
}

/** Slack's answers are small JSON; anything larger is cut off rather than buffered. */
const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export const slackFetch: FetchFunction = async (url, init = {}) => {
  const target = String(url);
  const startedAt = performance.now();
  // A multipart body (a file's bytes to its upload URL) is the global FormData, which only the global fetch
  // encodes; it is one call per file, so it keeps fetch (with WebClient's `redirect: 'error'`).
  // (Node's Headers has entries(); the DOM types this project compiles against do not say so.)
  if (typeof init.body !== 'string' && init.body !== undefined) {
    const answer = await fetch(target, init);
    observeSlackCall(target, answer.status, (performance.now() - startedAt) / 1_000);
    return answer as unknown as FetchResponse;
  }
  const res = await request(target, {
    method: (init.method ?? 'GET') as 'GET',
    headers: init.headers,
    body: init.body ?? null,
    signal: init.signal,
  });
  // Read at once, whatever the status: WebClient does not read a 429's body, and an unread body holds its socket.
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of res.body) {
    size += (chunk as Buffer).length;
    if (size > MAX_ANSWER_BYTES) {
      res.body.destroy();
      throw new Error(
        `Slack's answer from ${new URL(target).pathname} is larger than ${MAX_ANSWER_BYTES} bytes`,
      );
    }
    chunks.push(chunk as Buffer);
  }
  const body = Buffer.concat(chunks);
  observeSlackCall(target, res.statusCode, (performance.now() - startedAt) / 1_000);
  const text = () => body.toString('utf8');
  return {
    ok: res.statusCode >= 200 && res.statusCode < 300,
    status: res.statusCode,
    statusText: '',
    url: target,
    headers: headersOf(res.headers),
    arrayBuffer: async () =>
      body.buffer.slice(body.byteOffset, body.byteOffset + body.byteLength) as ArrayBuffer,
    json: async () => JSON.parse(text()) as unknown,
    text: async () => text(),
  };
};
