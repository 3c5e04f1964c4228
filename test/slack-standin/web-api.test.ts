import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebClient, ErrorCode, type WebAPIPlatformError, type WebAPIRateLimitedError } from '@slack/web-api';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';

let standin: Standin;
let client: WebClient;

beforeAll(async () => {
  standin = await startStandin({ signingSecret: 'test-secret', botToken: 'xoxb-test-token' });
  client = new WebClient('xoxb-test-token', {
    slackApiUrl: standin.apiUrl,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
  });
});
afterAll(() => standin.close());

function platformError(err: unknown): WebAPIPlatformError {
  expect(err).toMatchObject({ code: ErrorCode.PlatformError });
  return err as WebAPIPlatformError;
}

async function failure(p: Promise<unknown>): Promise<WebAPIPlatformError> {
  try {
    await p;
  } catch (err) {
    return platformError(err);
  }
  throw new Error('expected the call to fail');
}

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text } });

describe('chat methods through the real WebClient', () => {
  it('answers auth.test with the bot identity', async () => {
    const res = await client.auth.test();
    expect(res).toMatchObject({ ok: true, user_id: standin.botUserId, team_id: 'T0FIELD' });
  });

  it('posts a message with blocks (sent as a JSON string in the form) and stores it', async () => {
    const res = await client.chat.postMessage({
      channel: 'C0GENERAL',
      text: 'hello',
      blocks: [section('*hi*')],
    });
    expect(res.ok).toBe(true);
    const stored = standin.messages('C0GENERAL').find((m) => m.ts === res.ts);
    expect(stored).toMatchObject({ text: 'hello', blocks: [section('*hi*')], bot_id: 'B0FIELD' });
    expect(standin.callsTo('chat.postMessage').at(-1)?.args).toMatchObject({
      channel: 'C0GENERAL',
      blocks: [section('*hi*')],
    });
  });

  it('posts thread replies and updates messages in place, keeping blocks when chat.update omits them', async () => {
    const parent = await client.chat.postMessage({
      channel: 'C0ALERTS',
      text: 'parent',
      blocks: [section('v1')],
    });
    const reply = await client.chat.postMessage({
      channel: 'C0ALERTS',
      text: 'reply',
      thread_ts: parent.ts!,
    });
    await client.chat.update({ channel: 'C0ALERTS', ts: parent.ts!, text: 'parent v2' });
    const messages = standin.messages('C0ALERTS');
    expect(messages.find((m) => m.ts === parent.ts)).toMatchObject({
      text: 'parent v2',
      blocks: [section('v1')],
    });
    expect(messages.find((m) => m.ts === reply.ts)).toMatchObject({ thread_ts: parent.ts });
  });

  it('answers message_not_found for chat.update of an unknown ts', async () => {
    const err = await failure(client.chat.update({ channel: 'C0GENERAL', ts: '1.000001', text: 'x' }));
    expect(err.data.error).toBe('message_not_found');
  });

  it('stores ephemeral messages for one user and gives permalinks for real messages', async () => {
    const eph = await client.chat.postEphemeral({ channel: 'C0GENERAL', user: 'U0ANA', text: 'only you' });
    expect(standin.messages('C0GENERAL').find((m) => m.ts === eph.message_ts)).toMatchObject({
      ephemeralTo: 'U0ANA',
    });
    const posted = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'link me' });
    const link = await client.chat.getPermalink({ channel: 'C0GENERAL', message_ts: posted.ts! });
    expect(link.permalink).toBe(`${standin.baseUrl}archives/C0GENERAL/p${posted.ts!.replace('.', '')}`);
  });

  it('answers channel_not_found for an unknown channel', async () => {
    const err = await failure(client.chat.postMessage({ channel: 'C404', text: 'x' }));
    expect(err.data.error).toBe('channel_not_found');
  });

  it('answers invalid_auth for a wrong bearer token and not_authed without one', async () => {
    const wrong = new WebClient('xoxb-wrong', { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } });
    expect((await failure(wrong.auth.test())).data.error).toBe('invalid_auth');
    const none = new WebClient(undefined, { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } });
    expect((await failure(none.auth.test())).data.error).toBe('not_authed');
  });

  it('rejects over-limit blocks with invalid_blocks and Slack-style messages', async () => {
    const blocks = Array.from({ length: 51 }, (_, i) => section(`row ${i}`));
    const err = await failure(client.chat.postMessage({ channel: 'C0GENERAL', text: 'too many', blocks }));
    expect(err.data.error).toBe('invalid_blocks');
    expect(err.data.response_metadata?.messages).toContain(
      '[ERROR] no more than 50 items allowed [json-pointer:/blocks]',
    );
    expect(standin.callsTo('chat.postMessage').at(-1)?.response).toMatchObject({
      ok: false,
      error: 'invalid_blocks',
    });
  });

  it('rejects blocks whose text adds up beyond ~13k characters with msg_blocks_too_long', async () => {
    const blocks = Array.from({ length: 5 }, () => section('x'.repeat(2900)));
    const err = await failure(client.chat.postMessage({ channel: 'C0GENERAL', text: 'long', blocks }));
    expect(err.data.error).toBe('msg_blocks_too_long');
  });
});

describe('injected failures', () => {
  it('answers an injected 429 with Retry-After, seen by WebClient as a rate-limit error', async () => {
    standin.inject({ method: 'chat.postMessage', retryAfterSeconds: 7 });
    const err: unknown = await client.chat
      .postMessage({ channel: 'C0GENERAL', text: 'x' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({
      code: ErrorCode.RateLimitedError,
      retryAfter: 7,
    } satisfies Partial<WebAPIRateLimitedError>);
    const call = standin.callsTo('chat.postMessage').at(-1);
    expect(call).toMatchObject({ status: 429, response: { ok: false, error: 'ratelimited' } });
    // one use only: the next call goes through
    expect((await client.chat.postMessage({ channel: 'C0GENERAL', text: 'y' })).ok).toBe(true);
  });

  it('injects errors for one channel only', async () => {
    standin.inject({ method: 'chat.postMessage', channel: 'C0ALERTS', error: 'not_in_channel', times: 2 });
    expect((await client.chat.postMessage({ channel: 'C0GENERAL', text: 'ok' })).ok).toBe(true);
    expect((await failure(client.chat.postMessage({ channel: 'C0ALERTS', text: 'no' }))).data.error).toBe(
      'not_in_channel',
    );
    standin.clearInjections();
    expect((await client.chat.postMessage({ channel: 'C0ALERTS', text: 'ok' })).ok).toBe(true);
  });

  it('enforces the per-channel posting rate only when asked', async () => {
    standin.inject({ method: 'chat.postMessage', perChannelPerSecond: 1 });
    await client.chat.postMessage({ channel: 'C0ALERTS', text: 'first' });
    const err: unknown = await client.chat
      .postMessage({ channel: 'C0ALERTS', text: 'second' })
      .catch((e: unknown) => e);
    expect(err).toMatchObject({ code: ErrorCode.RateLimitedError });
    standin.clearInjections();
  });
});

describe('bodies and retries', () => {
  it('accepts a JSON body with the token in the Authorization header', async () => {
    const res = await fetch(`${standin.apiUrl}chat.postMessage`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        Authorization: `Bearer ${standin.botToken}`,
      },
      body: JSON.stringify({ channel: 'C0GENERAL', text: 'json', blocks: [section('from JSON')] }),
    });
    const body = (await res.json()) as { ok: boolean; ts: string };
    expect(body.ok).toBe(true);
    expect(standin.messages('C0GENERAL').find((m) => m.ts === body.ts)?.blocks).toMatchObject([
      section('from JSON'),
    ]);
  });

  it('lets a default WebClient wait out an injected 429 and retry successfully', async () => {
    const patient = new WebClient(standin.botToken, { slackApiUrl: standin.apiUrl });
    const before = standin.callsTo('chat.postMessage').length;
    standin.inject({ method: 'chat.postMessage', retryAfterSeconds: 1 });
    expect((await patient.chat.postMessage({ channel: 'C0GENERAL', text: 'eventually' })).ok).toBe(true);
    const statuses = standin
      .callsTo('chat.postMessage')
      .slice(before)
      .map((c) => c.status);
    expect(statuses).toEqual([429, 200]);
  });
});

describe('users and conversations', () => {
  it('returns profile emails matching the sandbox users, and users without a match or without email', async () => {
    const ana = await client.users.info({ user: 'U0ANA' });
    expect(ana.user?.profile?.email).toBe('ana.silva@plant.example');
    const guest = await client.users.info({ user: 'U0GUS' });
    expect(guest.user?.profile?.email).toBeUndefined();
    const byEmail = await client.users.lookupByEmail({ email: 'ana.silva@plant.example' });
    expect(byEmail.user?.id).toBe('U0ANA');
    expect((await failure(client.users.info({ user: 'U404' }))).data.error).toBe('user_not_found');
  });

  it('joins public channels and reports them', async () => {
    const before = await client.conversations.info({ channel: 'C0MAINT' });
    expect(before.channel?.is_member).toBe(false);
    await client.conversations.join({ channel: 'C0MAINT' });
    expect((await client.conversations.info({ channel: 'C0MAINT' })).channel?.is_member).toBe(true);
    expect((await failure(client.conversations.info({ channel: 'C404' }))).data.error).toBe(
      'channel_not_found',
    );
  });
});

describe('membership', () => {
  it('refuses a post where the bot is no member, as Slack does', async () => {
    standin.addChannel({
      id: 'C0OUTSIDE',
      name: 'outside',
      is_private: false,
      is_im: false,
      is_member: false,
    });
    expect((await failure(client.chat.postMessage({ channel: 'G0PRIVATE', text: 'x' }))).data.error).toBe(
      'channel_not_found',
    );
    expect((await failure(client.chat.postMessage({ channel: 'C0OUTSIDE', text: 'x' }))).data.error).toBe(
      'not_in_channel',
    );
  });
});

describe('history', () => {
  it('lists channel history newest first without thread replies or ephemerals, and a thread parent first', async () => {
    // a private channel the bot was invited to
    const channel = standin.addChannel({
      id: 'G0HISTORY',
      name: 'history',
      is_private: true,
      is_im: false,
      is_member: true,
    }).id;
    const parent = await client.chat.postMessage({ channel, text: 'shift handover' });
    await client.chat.postMessage({ channel, text: 'reply 1', thread_ts: parent.ts! });
    await client.chat.postEphemeral({ channel, user: 'U0BEN', text: 'psst' });
    const later = await client.chat.postMessage({ channel, text: 'later' });
    const history = await client.conversations.history({ channel });
    expect(history.messages?.map((m) => m.text)).toEqual(['later', 'shift handover']);
    expect(history.messages?.[0]?.ts).toBe(later.ts);
    const replies = await client.conversations.replies({ channel, ts: parent.ts! });
    expect(replies.messages?.map((m) => m.text)).toEqual(['shift handover', 'reply 1']);
  });

  it('opens the bot DM with a user and posts into it', async () => {
    const dm = await client.conversations.open({ users: 'U0DAV' });
    const posted = await client.chat.postMessage({ channel: dm.channel!.id!, text: 'your task is due' });
    expect(standin.messages(dm.channel!.id!).map((m) => m.ts)).toContain(posted.ts);
    const byUserId = await client.chat.postMessage({ channel: 'U0DAV', text: 'again' });
    expect(byUserId.channel).toBe(dm.channel?.id);
  });
});
