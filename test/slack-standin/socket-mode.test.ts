/**
 * The stand-in's Socket Mode, spoken to with a plain WebSocket client: apps.connections.open with the app-level
 * token, `hello`, envelopes shaped like ../shared/slack/payloads/socket_mode.*.json, acks by envelope_id, envelopes
 * spread over the open connections, and `disconnect` with each reason Slack documents.
 */
import { SocketModeClient } from '@slack/socket-mode';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { SocketDeliveryError, startStandin, type Standin } from '../../src/slack-standin/index.ts';
import { waitFor } from '../harness.ts';

let standin: Standin;
const sockets: WebSocket[] = [];

beforeEach(async () => {
  standin = await startStandin({ socketMode: true, socketRetireGraceMs: 200 });
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await standin.close();
});

async function connectionsOpen(token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${standin.apiUrl}apps.connections.open`, {
    method: 'POST',
    headers: token ? { Authorization: `Bearer ${token}` } : {},
  });
  return (await res.json()) as Record<string, unknown>;
}

type Message = Record<string, unknown> & { envelope_id?: string; payload?: Record<string, unknown> };

/** A connection whose messages queue up; `next()` takes the next one. */
interface Link {
  ws: WebSocket;
  next(): Promise<Message>;
  ack(envelopeId: string, payload?: Record<string, unknown>): void;
}

async function connect(): Promise<Link> {
  const opened = await connectionsOpen(standin.appToken);
  const ws = new WebSocket(String(opened.url));
  sockets.push(ws);
  const queue: Message[] = [];
  const waiting: ((m: Message) => void)[] = [];
  ws.on('message', (data) => {
    const message = JSON.parse(String(data)) as Message;
    const take = waiting.shift();
    if (take) take(message);
    else queue.push(message);
  });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const next = () =>
    new Promise<Message>((resolve) => {
      const queued = queue.shift();
      if (queued) resolve(queued);
      else waiting.push(resolve);
    });
  const hello = await next();
  expect(hello.type).toBe('hello');
  return {
    ws,
    next,
    ack: (envelopeId, payload) =>
      ws.send(JSON.stringify({ envelope_id: envelopeId, ...(payload ? { payload } : {}) })),
  };
}

describe('apps.connections.open', () => {
  it('answers a one-use WebSocket URL for the app-level token only', async () => {
    const opened = await connectionsOpen(standin.appToken);
    expect(opened).toMatchObject({ ok: true });
    const url = new URL(String(opened.url));
    expect(url.protocol).toBe('ws:');
    expect(url.pathname).toBe('/link/');
    expect(url.searchParams.get('ticket')).toBeTruthy();
    expect(url.searchParams.get('app_id')).toBe('A0FIELD');

    expect(await connectionsOpen()).toEqual({ ok: false, error: 'not_authed' });
    expect(await connectionsOpen(standin.botToken)).toEqual({ ok: false, error: 'not_allowed_token_type' });
    expect(await connectionsOpen('xapp-1-wrong')).toEqual({ ok: false, error: 'invalid_auth' });
    // The app token is for Socket Mode only.
    const res = await fetch(`${standin.apiUrl}auth.test`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${standin.appToken}` },
    });
    expect(await res.json()).toEqual({ ok: false, error: 'not_allowed_token_type' });

    const first = new WebSocket(String(opened.url));
    sockets.push(first);
    await new Promise((resolve) => first.once('open', resolve));
    const again = new WebSocket(String(opened.url));
    sockets.push(again);
    const refused = await new Promise<Error>((resolve) => again.once('error', resolve));
    expect(refused.message).toContain('401');
  });

  it('says hello with the connection count and the app id', async () => {
    await connect();
    const opened = await connectionsOpen(standin.appToken);
    const ws = new WebSocket(String(opened.url));
    sockets.push(ws);
    const hello = await new Promise<Message>((resolve) =>
      ws.once('message', (d) => resolve(JSON.parse(String(d)) as Message)),
    );
    expect(hello).toMatchObject({
      type: 'hello',
      num_connections: 2,
      connection_info: { app_id: 'A0FIELD' },
    });
  });
});

describe('envelopes', () => {
  it('carries a slash command; the ack payload is the answer, like the HTTP ack body', async () => {
    const link = await connect();
    const sent = standin.driver.command({ command: '/task', text: 'help <me>' });
    const envelope = await link.next();
    expect(envelope).toMatchObject({ type: 'slash_commands', accepts_response_payload: true });
    expect(envelope.payload).toMatchObject({ command: '/task', text: 'help &lt;me&gt;', user_id: 'U0ANA' });
    expect(typeof envelope.payload?.trigger_id).toBe('string');
    link.ack(String(envelope.envelope_id), { response_type: 'ephemeral', text: 'usage' });
    const result = await sent;
    expect(result.status).toBe(200);
    expect(result.body).toEqual({ response_type: 'ephemeral', text: 'usage' });
  });

  it('carries interactivity and events; a bare ack answers empty', async () => {
    const link = await connect();
    const shortcut = standin.driver.globalShortcut('new_task');
    const interactive = await link.next();
    expect(interactive).toMatchObject({ type: 'interactive', accepts_response_payload: false });
    expect(interactive.payload).toMatchObject({ type: 'shortcut', callback_id: 'new_task' });
    link.ack(String(interactive.envelope_id));
    expect((await shortcut).body).toBe('');

    const event = standin.driver.appHomeOpened({}).catch((err: unknown) => err);
    const first = await link.next();
    expect(first).toMatchObject({ type: 'events_api', accepts_response_payload: false, retry_attempt: 0 });
    expect(first.payload).toMatchObject({ type: 'event_callback', event: { type: 'app_home_opened' } });
    link.ack(String(first.envelope_id));
    await event;

    const retried = standin.driver.event(
      { type: 'app_mention', text: 'hi' },
      { retryNum: 1, retryReason: 'timeout' },
    );
    const retry = await link.next();
    expect(retry).toMatchObject({ type: 'events_api', retry_attempt: 1, retry_reason: 'timeout' });
    link.ack(String(retry.envelope_id));
    await retried;
  });

  it('takes an ack only on the connection that carried the envelope', async () => {
    const a = await connect();
    const b = await connect();
    const sent = standin.driver.command({ command: '/task', text: 'x' });
    const [carrier, other] = await Promise.race([
      a.next().then((m) => [{ link: a, m }, b] as const),
      b.next().then((m) => [{ link: b, m }, a] as const),
    ]);
    other.ack(String(carrier.m.envelope_id), { text: 'wrong connection' });
    carrier.link.ack(String(carrier.m.envelope_id), { text: 'right connection' });
    expect((await sent).body).toEqual({ text: 'right connection' });
  });

  it('spreads envelopes over the open connections', async () => {
    const links = [await connect(), await connect()];
    const seen = new Map<Link, number>();
    for (const link of links)
      void (async () => {
        for (;;) {
          const m = await link.next();
          seen.set(link, (seen.get(link) ?? 0) + 1);
          link.ack(String(m.envelope_id));
        }
      })();
    for (let i = 0; i < 6; i += 1) await standin.driver.command({ command: '/task', text: 'help' });
    expect(links.map((l) => seen.get(l))).toEqual([3, 3]);
    expect(standin.socketMode.connections().map((c) => c.delivered)).toEqual([3, 3]);
  });

  it('fails with dispatch_failed when no connection is open, and not_acked when it closes first', async () => {
    await expect(standin.driver.command({ command: '/task' })).rejects.toMatchObject({
      code: 'dispatch_failed',
    });
    const link = await connect();
    const sent = standin.driver.command({ command: '/task' }).catch((err: unknown) => err);
    await link.next();
    link.ws.terminate();
    const err = await sent;
    expect(err).toBeInstanceOf(SocketDeliveryError);
    expect(err).toMatchObject({ code: 'not_acked' });
  });
});

describe('disconnect', () => {
  it.each(['warning', 'refresh_requested', 'link_disabled'] as const)(
    '%s: the message, then nothing new on that connection, then Slack closes it',
    async (reason) => {
      const [a, b] = [await connect(), await connect()];
      const ids = standin.socketMode.connections().map((c) => c.id);
      const live: number[] = [];
      standin.socketMode.onLiveChange((n) => live.push(n));
      standin.socketMode.disconnect(reason, ids[0]);
      expect(await a.next()).toEqual({ type: 'disconnect', reason, debug_info: { host: 'applink-standin' } });
      expect(live).toEqual([1]);
      const closed = new Promise((resolve) => a.ws.once('close', resolve));
      if (reason === 'link_disabled') {
        // Socket Mode is off for the app: the driver has nowhere to send (no Request URL either).
        expect(standin.socketMode.enabled).toBe(false);
        await expect(standin.driver.command({ command: '/task' })).rejects.toThrow(/no app URL/);
      } else {
        const sent = standin.driver.command({ command: '/task' });
        const envelope = await b.next();
        b.ack(String(envelope.envelope_id));
        await sent;
      }
      await closed;
      await waitFor(() => standin.socketMode.connections().length === 1);
      expect(standin.socketMode.connections().map((c) => c.id)).toEqual([ids[1]]);
    },
  );
});

describe('@slack/socket-mode 3.1.0 alone', () => {
  it('is unreachable during a refresh: a command sent then fails with dispatch_failed', async () => {
    const client = new SocketModeClient({
      appToken: standin.appToken,
      clientOptions: { slackApiUrl: standin.apiUrl },
    });
    client.on(
      'slash_commands',
      ({ ack }: { ack: (r?: object) => Promise<void> }) => void ack({ text: 'ok' }),
    );
    await client.start();
    try {
      expect((await standin.driver.command({ command: '/task' })).body).toEqual({ text: 'ok' });
      standin.socketMode.disconnect('refresh_requested');
      await expect(standin.driver.command({ command: '/task' })).rejects.toMatchObject({
        code: 'dispatch_failed',
      });
    } finally {
      await client.disconnect();
    }
  });
});
