import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MonitoringError } from '../../src/monitoring/index.ts';
import { reportError } from '../../src/kit/errors.ts';
import { StoreUnavailableError } from '../../src/store/store.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
  const app = h.app.app;
  // Test-only commands whose handlers fail after the ack, as a feature's background work might.
  app.command('/boom', async ({ ack }) => {
    await ack();
    throw new Error('internal detail: db row 42 at /srv/secret/path');
  });
  app.command('/limited', async ({ ack }) => {
    await ack();
    throw new MonitoringError('RATE_LIMITED', 'HTTP 429 from GET /tasks', {
      status: 429,
      retryAfterMs: 7_000,
    });
  });
  app.command('/early', async () => {
    throw new MonitoringError('NO_ACCESS', 'HTTP 401 from GET /data-sources', { status: 401 });
  });
  app.command('/nostore', async ({ ack }) => {
    await ack();
    throw new StoreUnavailableError('redis store is not connected');
  });
});
afterAll(async () => {
  await h.stop();
});

function refOf(text: string): string {
  const match = /ref `([A-Z2-9]{6})`/.exec(text);
  if (!match?.[1]) throw new Error(`no reference id in: ${text}`);
  return match[1];
}

describe('unexpected errors reach one handler', () => {
  it('tells only the user that something went wrong, with a reference id that is also logged', async () => {
    const res = await h.driver.command({ command: '/boom', text: '' });
    expect(res.status).toBe(200);
    const message = await waitFor(() =>
      h.standin.messages().find((m) => m.text.includes('Something went wrong')),
    );
    expect(message.ephemeralTo).toBe(res.payload.user_id);
    expect(message.text).not.toContain('internal detail');
    expect(message.text).not.toMatch(/at .*\.ts:\d+/);
    const ref = refOf(message.text);
    const logged = h.logs.find((line) => line.ref === ref);
    expect(logged).toMatchObject({ level: 50, kind: '/boom', user: res.payload.user_id });
    expect(JSON.stringify(logged)).toContain('internal detail');
  });

  it('says how long to wait when the platform rate limits', async () => {
    await h.driver.command({ command: '/limited', text: '' });
    const message = await waitFor(() => h.standin.messages().find((m) => m.text.includes('rate limiting')));
    expect(message.text).toContain('try again in 7 s');
  });

  it('says the storage is unavailable when the store is down', async () => {
    await h.driver.command({ command: '/nostore', text: '' });
    const message = await waitFor(() =>
      h.standin.messages().find((m) => m.text.includes('storage is unavailable')),
    );
    expect(message.ephemeralTo).toBeDefined();
  });

  it('acks for a listener that fails before its ack, so Slack shows no timeout', async () => {
    const res = await h.driver.command({ command: '/early', text: '' });
    expect(res.status).toBe(200);
    expect(res.tooSlow).toBe(false);
    const message = await waitFor(() =>
      h.standin.messages().find((m) => m.text.includes('no access to that item')),
    );
    expect(message.ephemeralTo).toBe(res.payload.user_id);
  });
});

describe('reportError for background work', () => {
  it('posts an ephemeral message in the channel when there is no response_url', async () => {
    const user = h.standin.users[0]!.id;
    const channel = h.standin.channels.find((c) => !c.is_im && !c.is_private)!.id;
    const { ref } = await reportError(
      h.deps,
      { client: h.app.app.client, channel, user },
      new MonitoringError('SERVER', 'HTTP 503'),
    );
    const call = await waitFor(() =>
      h.standin.callsTo('chat.postEphemeral').find((c) => String(c.args.text).includes(ref)),
    );
    expect(call.args).toMatchObject({ channel, user });
    expect(String(call.args.text)).toContain('platform is unavailable');
  });

  it('falls back to a DM from the app when there is no channel (modals, global shortcuts)', async () => {
    const user = h.standin.users[0]!.id;
    const { ref } = await reportError(h.deps, { client: h.app.app.client, user }, new Error('x'));
    const call = h.standin.callsTo('chat.postMessage').find((c) => String(c.args.text).includes(ref));
    expect(call?.args.channel).toBe(user);
  });

  it('never throws, even when Slack refuses the message', async () => {
    h.standin.inject({ method: 'chat.postEphemeral', error: 'channel_not_found', status: 200, times: 1 });
    h.standin.inject({ method: 'chat.postMessage', error: 'channel_not_found', status: 200, times: 1 });
    const user = h.standin.users[0]!.id;
    await expect(
      reportError(h.deps, { client: h.app.app.client, channel: 'C0NOPE', user }, new Error('x')),
    ).resolves.toMatchObject({
      ref: expect.stringMatching(/^[A-Z2-9]{6}$/),
    });
  });
});
