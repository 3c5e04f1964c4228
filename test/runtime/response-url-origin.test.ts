/**
 * Issue 37: a response_url is a value from the request, not an authority. fieldline posts only to Slack's hooks
 * host or, in tests and local mode, the configured Slack API base's origin (the stand-in); a signed request naming
 * any other URL gets its answer the other way (chat.postEphemeral), the foreign URL is never contacted, and the
 * refusal is logged without the URL's path or query.
 */
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postToResponseUrl } from '../../src/kit/reply/response-url.ts';
import { formBody } from '../../src/slack-standin/driver-transport.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
let capture: Server;
const captured: { method?: string; url?: string }[] = [];
let foreign: string;
/** The path and query of the foreign URL: what a log line must never show. */
const SECRET_PATH = 'hooks/T0X/B0X/path-secret-42';

beforeAll(async () => {
  capture = createServer((req: IncomingMessage, res) => {
    captured.push({ method: req.method, url: req.url });
    req.resume();
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
  await new Promise<void>((resolve) => capture.listen(0, '127.0.0.1', resolve));
  foreign = `http://127.0.0.1:${(capture.address() as AddressInfo).port}/${SECRET_PATH}?t=query-secret-7`;
  h = await startHarness({ links: 'local' });
});
afterAll(async () => {
  await h?.stop();
  await new Promise((resolve) => capture?.close(resolve));
});

/** `/command text` as `user`, signed like Slack's, but naming `responseUrl`. */
async function commandWithResponseUrl(command: string, text: string, user: string, responseUrl: string) {
  // A real command's fields (help is answered in the ack and posts nothing), with the URL replaced.
  const { payload } = await h.driver.command({ command: '/task', text: 'help', user });
  const fields = { ...(payload as Record<string, string>), command, text, response_url: responseUrl };
  return h.driver.raw({ body: formBody(fields) });
}

const ephemeralTo = (user: string, since: number) =>
  h.standin
    .messages('C0GENERAL')
    .slice(since)
    .find((m) => m.ephemeralTo === user);

describe('response_url origins', () => {
  it('answers through the stand-in’s response_url (the configured Slack API base’s origin)', async () => {
    const before = h.standin.messages('C0GENERAL').length;
    await h.driver.command({ command: '/task', text: 'list all', user: 'U0ANA' });
    const answer = await waitFor(() => ephemeralTo('U0ANA', before));
    expect(answer.via).toBe('response_url');
  });

  it.each([
    ['a listener’s respond()', 'U0ANA'],
    ['the error path (a person who has not connected)', 'U0CHL'],
  ])(
    'never posts to a foreign response_url through %s: the person is answered ephemerally instead',
    async (_path, user) => {
      captured.length = 0;
      const before = h.standin.messages('C0GENERAL').length;
      const sent = await commandWithResponseUrl('/task', 'list all', user, foreign);
      expect(sent.status).toBe(200);
      const answer = await waitFor(() => ephemeralTo(user, before));
      await h.app.whenIdle();
      expect(answer.via).toBe('chat.postEphemeral');
      expect(captured).toEqual([]);
      const refusals = h.logs.filter((l) => l.msg === 'response_url refused: not a Slack response_url');
      expect(refusals.length).toBeGreaterThan(0);
      expect(refusals[0]?.origin).toBe(new URL(foreign).origin);
      expect(h.logText()).not.toContain('path-secret-42');
      expect(h.logText()).not.toContain('query-secret-7');
    },
  );
});

describe('Slack’s hooks host', () => {
  const previous = getGlobalDispatcher();
  const agent = new MockAgent();
  beforeAll(() => {
    agent.disableNetConnect();
    setGlobalDispatcher(agent);
  });
  afterAll(async () => {
    setGlobalDispatcher(previous);
    await agent.close();
  });

  it('posts to https://hooks.slack.com and refuses look-alikes without contacting them', async () => {
    agent
      .get('https://hooks.slack.com')
      .intercept({ path: '/commands/T0/1/abc', method: 'POST' })
      .reply(200, 'ok');
    expect(await postToResponseUrl('https://hooks.slack.com/commands/T0/1/abc', { text: 'hi' })).toBe(true);
    for (const url of [
      'http://hooks.slack.com/commands/T0/1/abc',
      'https://hooks.slack.com.attacker.test/commands/T0/1/abc',
      'https://hooks.slack.com:8443/commands/T0/1/abc',
      'https://user:pw@hooks.slack.com/commands/T0/1/abc',
      'https://slack.com/api/chat.postMessage',
      'not a url',
    ])
      // disableNetConnect: a post that was attempted would throw, not answer false.
      expect(await postToResponseUrl(url, { text: 'hi' }), url).toBe(false);
  });
});
