/**
 * Who is in which conversation, through the real WebClient: conversations.members paged like Slack (opaque cursor,
 * `next_cursor` empty on the last page) with Slack's errors, the bot's conversations.invite / kick, the seeded
 * members (the partner Kai is in none of the stand-in's channels; the private #shift-leads has only its leads), and
 * conversations.list following the bot's membership.
 */
import { afterAll, beforeEach, beforeAll, describe, expect, it } from 'vitest';
import { WebClient, ErrorCode, type WebAPIPlatformError } from '@slack/web-api';
import { startStandin, type StandinChange, type Standin } from '../../src/slack-standin/index.ts';

let standin: Standin;
let client: WebClient;

beforeAll(async () => {
  standin = await startStandin({ signingSecret: 'test-secret', botToken: 'xoxb-test-token' });
  client = new WebClient('xoxb-test-token', { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } });
});
beforeEach(() => standin.reset());
afterAll(async () => {
  expect(standin.specProblems()).toEqual([]);
  await standin.close();
});

async function errorOf(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    expect(err).toMatchObject({ code: ErrorCode.PlatformError });
    return String((err as WebAPIPlatformError).data.error);
  }
  throw new Error('expected the call to fail');
}

/** Every member, page by page, as a Slack client reads them. */
async function allMembers(channel: string, limit: number): Promise<{ pages: string[][]; cursors: string[] }> {
  const pages: string[][] = [];
  const cursors: string[] = [];
  let cursor: string | undefined;
  do {
    const res = await client.conversations.members({ channel, limit, ...(cursor ? { cursor } : {}) });
    pages.push(res.members ?? []);
    cursor = res.response_metadata?.next_cursor || undefined;
    if (cursor) cursors.push(cursor);
  } while (cursor);
  return { pages, cursors };
}

describe('conversations.members', () => {
  it('lists the seeded people of #general and the bot, in pages of `limit` with an opaque cursor', async () => {
    const everyone = (await client.conversations.members({ channel: 'C0GENERAL' })).members;
    expect(everyone).toEqual(['U0ANA', 'U0BEN', 'U0CHL', 'U0DAV', 'U0EVE', 'U0NIA', 'U0BOT']);
    // Neither the guest nor the partner is in #general.
    expect(everyone).not.toContain('U0GUS');
    expect(everyone).not.toContain('U0KAI');

    const { pages, cursors } = await allMembers('C0GENERAL', 3);
    expect(pages).toEqual([['U0ANA', 'U0BEN', 'U0CHL'], ['U0DAV', 'U0EVE', 'U0NIA'], ['U0BOT']]);
    // Slack's cursors are base64, not offsets a client could compute.
    for (const c of cursors) expect(c).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(cursors).not.toContain('3');
  });

  it('answers the last page with an empty next_cursor', async () => {
    const res = await client.conversations.members({ channel: 'C0ALERTS', limit: 1000 });
    expect(res.members).toEqual(['U0ANA', 'U0BEN', 'U0CHL', 'U0DAV', 'U0BOT']);
    expect(res.response_metadata?.next_cursor).toBe('');
  });

  it('lists a public channel the bot is not in (it may read it) without the bot', async () => {
    const res = await client.conversations.members({ channel: 'C0MAINT' });
    expect(res.members).toEqual(['U0ANA', 'U0BEN', 'U0CHL', 'U0DAV', 'U0EVE', 'U0GUS']);
  });

  it('cannot see the private #shift-leads until the bot is in it; then only its leads are there, not Kai', async () => {
    expect(await errorOf(client.conversations.members({ channel: 'G0PRIVATE' }))).toBe('channel_not_found');
    standin.addMember('G0PRIVATE', standin.botUserId);
    const res = await client.conversations.members({ channel: 'G0PRIVATE' });
    expect(res.members).toEqual(['U0ANA', 'U0DAV', 'U0BOT']);
    expect(res.members).not.toContain('U0KAI');
  });

  it('lists a DM’s person and the bot', async () => {
    const dm = await client.conversations.open({ users: 'U0CHL' });
    const res = await client.conversations.members({ channel: dm.channel!.id! });
    expect(res.members).toEqual(['U0CHL', 'U0BOT']);
  });

  it('answers Slack’s errors: unknown channel, bad cursor, bad limit', async () => {
    expect(await errorOf(client.conversations.members({ channel: 'C404' }))).toBe('channel_not_found');
    expect(await errorOf(client.conversations.members({ channel: 'C0GENERAL', cursor: 'bm9wZQ==' }))).toBe(
      'invalid_cursor',
    );
    expect(await errorOf(client.conversations.members({ channel: 'C0GENERAL', limit: 1001 }))).toBe(
      'invalid_limit',
    );
  });
});

describe('changing members', () => {
  it('conversations.invite adds people where the bot is; kick removes them; both are what members lists', async () => {
    standin.addChannel({ id: 'C0OPS', name: 'ops', is_private: false, is_im: false, is_member: true });
    expect(standin.members('C0OPS')).toEqual(['U0BOT']);
    const invited = await client.conversations.invite({ channel: 'C0OPS', users: 'U0BEN,U0CHL' });
    expect(invited.channel?.id).toBe('C0OPS');
    expect((await client.conversations.members({ channel: 'C0OPS' })).members).toEqual([
      'U0BEN',
      'U0CHL',
      'U0BOT',
    ]);
    await client.conversations.kick({ channel: 'C0OPS', user: 'U0BEN' });
    expect((await client.conversations.members({ channel: 'C0OPS' })).members).toEqual(['U0CHL', 'U0BOT']);
  });

  it('answers Slack’s errors for invite and kick', async () => {
    const invite = (channel: string, users: string) =>
      errorOf(client.conversations.invite({ channel, users }));
    const kick = (channel: string, user: string) => errorOf(client.conversations.kick({ channel, user }));
    expect(await invite('C0GENERAL', 'U0ANA')).toBe('already_in_channel');
    expect(await invite('C0GENERAL', 'U404')).toBe('user_not_found');
    expect(await invite('C0GENERAL', 'U0BOT')).toBe('cant_invite_self');
    // Kai belongs to another organisation: only a channel shared with it (Slack Connect) can take him.
    expect(await invite('C0GENERAL', 'U0KAI')).toBe('cant_invite');
    expect(await invite('C0MAINT', 'U0NIA')).toBe('not_in_channel');
    expect(await invite('G0PRIVATE', 'U0KAI')).toBe('channel_not_found');
    const dm = (await client.conversations.open({ users: 'U0DAV' })).channel!.id!;
    expect(await invite(dm, 'U0ANA')).toBe('method_not_supported_for_channel_type');
    expect(await kick('C0GENERAL', 'U0ANA')).toBe('cant_kick_from_general');
    expect(await kick('C0ALERTS', 'U0BOT')).toBe('cant_kick_self');
    expect(await kick('C0ALERTS', 'U0NIA')).toBe('not_in_channel');
    expect(await kick('G0PRIVATE', 'U0ANA')).toBe('channel_not_found');
    // Nothing changed.
    expect(standin.members('C0GENERAL')).not.toContain('U0KAI');
    expect(standin.members('C0ALERTS')).toContain('U0BOT');
  });

  it('keeps members when a channel is replaced or joined, and tells the console of every change', async () => {
    const changes: StandinChange[] = [];
    const follow = (c: StandinChange) => void changes.push(c);
    standin.state.on('change', follow);
    standin.addChannel({
      id: 'C0MAINT',
      name: 'maintenance',
      is_private: false,
      is_im: false,
      is_member: true,
    });
    await client.conversations.join({ channel: 'C0ALERTS' });
    expect(standin.members('C0MAINT')).toEqual([
      'U0ANA',
      'U0BEN',
      'U0CHL',
      'U0DAV',
      'U0EVE',
      'U0GUS',
      'U0BOT',
    ]);
    standin.addMember('C0MAINT', 'U0NIA');
    standin.removeMember('C0MAINT', 'U0GUS');
    const last = changes.filter((c) => c.kind === 'channel').at(-1);
    expect(last).toMatchObject({ kind: 'channel', channel: { id: 'C0MAINT' } });
    expect(last?.kind === 'channel' && last.channel.members).toEqual([
      'U0ANA',
      'U0BEN',
      'U0CHL',
      'U0DAV',
      'U0EVE',
      'U0NIA',
    ]);
    standin.state.off('change', follow);
  });
});

describe('conversations.list follows the bot’s membership', () => {
  it('lists a private channel only once the bot is in it', async () => {
    const names = async () =>
      (await client.conversations.list({ types: 'public_channel,private_channel' })).channels?.map(
        (c) => c.name,
      );
    expect(await names()).not.toContain('shift-leads');
    standin.addMember('G0PRIVATE', standin.botUserId);
    expect(await names()).toContain('shift-leads');
    standin.removeMember('G0PRIVATE', standin.botUserId);
    expect(await names()).not.toContain('shift-leads');
  });
});

describe('a Slack that answers late', () => {
  it('holds a call for `delayMs`, then answers it as usual', async () => {
    standin.inject({ method: 'conversations.members', delayMs: 1_500 });
    let settled = false;
    const late = client.conversations.members({ channel: 'C0ALERTS' }).finally(() => (settled = true));
    // Another call made after it is answered first.
    await client.auth.test();
    expect(settled).toBe(false);
    expect((await late).members).toContain('U0ANA');
  });
});
