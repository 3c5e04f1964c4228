/**
 * Platform faults on each endpoint family — timeouts, 500s, malformed JSON and 429 with Retry-After — reach
 * the user as a clear message with a reference (never a stack trace, never silence), and leave no unhandled
 * rejection. The client gets a short timeout and a single quick retry so that every fault surfaces.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { JsonObject, StoredView } from '../../src/slack-standin/index.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { startFaultProxy, type FaultProxy } from './fault-proxy.ts';
import { watchRejections } from './fuzz-helpers.ts';
import { shown } from './injection-helpers.ts';

let h: Harness;
let proxy: FaultProxy;
let rejections: ReturnType<typeof watchRejections>;
let channels = 0;

beforeAll(async () => {
  rejections = watchRejections();
  proxy = await startFaultProxy();
  h = await startHarness({
    monitoring: {
      baseUrl: proxy.url,
      timeouts: { connectMs: 1_000, headersMs: 400, bodyMs: 400 },
      retry: { baseDelayMs: 10, maxDelayMs: 50, maxRetries: 1 },
    },
  });
  proxy.setUpstream(h.sandbox.url);
});
afterAll(async () => {
  await h.stop();
  await proxy.close();
  rejections.stop();
});
afterEach(() => {
  h.sandbox.admin.clearInjections();
  proxy.clear();
});

type Fault = 'timeout' | '500' | 'malformed JSON' | '429';
const FAULTS: Fault[] = ['timeout', '500', 'malformed JSON', '429'];
const EXPECTED: Record<Fault, RegExp> = {
  timeout: /monitoring platform is unavailable right now/,
  '500': /monitoring platform is unavailable right now/,
  'malformed JSON': /could not read/,
  '429': /rate limiting fieldline — try again in 7 s/,
};
const STACK_FRAME = /\bat \S+ \(?[^\s()]+:\d+:\d+\)?/;

function inject(fault: Fault, method: string, path: string, pathRe: RegExp): void {
  const endpoint = `${method} ${path}`;
  if (fault === 'timeout') h.sandbox.admin.inject({ endpoint, latencyMs: 1_500, times: 10 });
  if (fault === '500') h.sandbox.admin.inject({ endpoint, status: 500, times: 10 });
  if (fault === '429') h.sandbox.admin.inject({ endpoint, status: 429, retryAfterSeconds: 7, times: 10 });
  if (fault === 'malformed JSON') proxy.malform(method, pathRe, 10);
}

function freshChannel(): string {
  channels += 1;
  const id = `CFAULT${String(channels).padStart(3, '0')}`;
  h.standin.addChannel({ id, name: id.toLowerCase(), is_private: false, is_im: false, is_member: true });
  return id;
}

async function commandReply(command: string, text: string, expected: RegExp): Promise<string> {
  const channel = freshChannel();
  const res = await h.driver.command({ command, text, channel });
  expect(res.status).toBe(200);
  expect(res.tooSlow).toBe(false);
  const reply = await waitFor(
    () =>
      h.standin
        .messages(channel)
        .map(shown)
        .find((t) => expected.test(t)),
    { timeoutMs: 10_000, message: `${command} ${text} answering ${expected}` },
  );
  return reply;
}

async function postReply(expected: RegExp): Promise<string> {
  const before = h.standin.views().length;
  await h.driver.command({ command: '/post', text: 'Valve 7 replaced', channel: 'C0GENERAL' });
  const view = await waitFor(() =>
    h.standin
      .views()
      .slice(before)
      .find((v) => v.callback_id === 'post_create' && v.open),
  );
  const options = await h.driver.blockSuggestion({ actionId: 'post_channel', value: '', view });
  const channel = (options.body as { options?: JsonObject[] }).options?.[0];
  if (!channel) throw new Error('no post channel offered');
  const result = await h.driver.viewSubmission({ view, values: { post_channel: channel } });
  expect(result.status).toBe(200);
  const reshown = await waitFor(
    () => {
      const v: StoredView | undefined = h.standin.view(view.id);
      const text = v ? JSON.stringify(v.blocks) : '';
      return expected.test(text) ? text : undefined;
    },
    { timeoutMs: 10_000, message: `post form showing ${expected}` },
  );
  // nothing typed is lost
  expect(reshown).toContain('Valve 7 replaced');
  return reshown;
}

interface Family {
  family: string;
  method: string;
  path: string;
  re: RegExp;
  /** Whether the answer carries the error handler's reference id. */
  ref: boolean;
  expected?: Record<Fault, RegExp>;
  run(expected: RegExp): Promise<string>;
}

const FAMILIES: Family[] = [
  {
    family: 'data sources',
    method: 'GET',
    path: '/data-sources',
    re: /^\/data-sources$/,
    ref: true,
    run: (e) => commandReply('/source', 'pump', e),
  },
  {
    family: 'readings',
    method: 'GET',
    path: '/reading',
    re: /^\/reading$/,
    ref: true,
    run: (e) => commandReply('/reading', '1008 24h', e),
  },
  {
    family: 'tasks',
    method: 'GET',
    path: '/tasks',
    re: /^\/tasks$/,
    ref: true,
    run: (e) => commandReply('/task', 'list', e),
  },
  {
    family: 'files',
    method: 'GET',
    path: '/files/{id}',
    re: /^\/files\/[^/]+$/,
    ref: true,
    run: (e) => commandReply('/source', 'file 8001', e),
  },
  { family: 'posts', method: 'POST', path: '/post', re: /^\/post$/, ref: true, run: (e) => postReply(e) },
];

describe.each(FAMILIES)('platform faults on $family', ({ method, path, re, run, ref, expected }) => {
  it.each(FAULTS)('%s: the user is told clearly, with no stack trace', async (fault) => {
    inject(fault, method, path, re);
    const reply = await run((expected ?? EXPECTED)[fault]);
    if (ref) expect(reply).toMatch(/ref `[^`]+`/);
    expect(reply).not.toMatch(STACK_FRAME);
  });
});

describe('after every fault', () => {
  it('left no unhandled promise rejection behind', () => {
    expect(rejections.reasons).toEqual([]);
  });
});
