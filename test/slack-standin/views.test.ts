import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebClient } from '@slack/web-api';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';

let now = 1_800_000_000_000;
let standin: Standin;
let client: WebClient;

beforeAll(async () => {
  // The app URL is never called here: triggers and response_urls are exercised directly.
  standin = await startStandin({ clock: () => now });
  client = new WebClient(standin.botToken, { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } });
});
afterAll(() => standin.close());

const modal = (title: string, extra: Record<string, unknown> = {}) => ({
  type: 'modal' as const,
  title: { type: 'plain_text' as const, text: title },
  blocks: [{ type: 'section', text: { type: 'mrkdwn', text: title } }],
  ...extra,
});

/** The same kind of trigger the driver puts into each request. */
const trigger = (user = 'U0ANA'): string => standin.issueTriggerId(user);

async function error(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected failure');
    },
    (e: unknown) =>
      typeof e === 'object' && e !== null && 'data' in e ? (e.data as { error?: string }).error : e,
  );
}

describe('trigger_id rules', () => {
  it('rejects a trigger older than 3 s with expired_trigger_id', async () => {
    const t = trigger();
    now += 3001;
    expect(await error(client.views.open({ trigger_id: t, view: modal('Late') }))).toBe('expired_trigger_id');
  });

  it('rejects an unknown trigger with invalid_trigger_id', async () => {
    expect(await error(client.views.open({ trigger_id: '1.2.nope', view: modal('x') }))).toBe(
      'invalid_trigger_id',
    );
  });
});

describe('view stacks', () => {
  it('pushes up to 3 modals and refuses a 4th with push_limit_reached', async () => {
    const root = await client.views.open({ trigger_id: trigger('U0BEN'), view: modal('One') });
    const two = await client.views.push({ trigger_id: trigger('U0BEN'), view: modal('Two') });
    await client.views.push({ trigger_id: trigger('U0BEN'), view: modal('Three') });
    expect(two.view).toMatchObject({ root_view_id: root.view?.id, previous_view_id: root.view?.id });
    expect(await error(client.views.push({ trigger_id: trigger('U0BEN'), view: modal('Four') }))).toBe(
      'push_limit_reached',
    );
  });

  it('updates by external_id, checks the hash and answers not_found for unknown views', async () => {
    const opened = await client.views.open({
      trigger_id: trigger('U0CHL'),
      view: modal('Draft', { external_id: 'task-42' }),
    });
    const updated = await client.views.update({
      external_id: 'task-42',
      view: modal('Final', { external_id: 'task-42' }),
    });
    expect(updated.view).toMatchObject({ id: opened.view?.id, title: { text: 'Final' } });
    expect(
      await error(
        client.views.update({ view_id: opened.view!.id!, hash: opened.view!.hash!, view: modal('Stale') }),
      ),
    ).toBe('hash_conflict');
    expect(await error(client.views.update({ view_id: 'V404', view: modal('x') }))).toBe('not_found');
  });

  it('rejects a modal title over 24 characters with invalid_blocks', async () => {
    const res = await error(
      client.views.open({ trigger_id: trigger(), view: modal('A title that is far too long') }),
    );
    expect(res).toBe('invalid_blocks');
  });

  it('publishes one home view per user, keeping its id across publishes', async () => {
    const home = {
      type: 'home' as const,
      blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'v1' } }],
    };
    const first = await client.views.publish({ user_id: 'U0DAV', view: home });
    const second = await client.views.publish({
      user_id: 'U0DAV',
      view: { ...home, blocks: [{ type: 'divider' }] },
    });
    expect(second.view?.id).toBe(first.view?.id);
    expect(standin.view(first.view!.id!)?.blocks).toMatchObject([{ type: 'divider' }]);
  });
});

describe('response_url', () => {
  async function respond(url: string, body: unknown): Promise<Response> {
    return fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  }

  const responseUrl = (origin: { channel: string; user: string; messageTs?: string }): string =>
    standin.issueResponseUrl(origin);

  it('posts ephemeral by default, in_channel on request, and allows 5 uses', async () => {
    const url = responseUrl({ channel: 'C0GENERAL', user: 'U0ANA' });
    expect((await respond(url, { text: 'just you' })).status).toBe(200);
    expect((await respond(url, { text: 'everyone', response_type: 'in_channel' })).status).toBe(200);
    const mine = standin.messages('C0GENERAL').filter((m) => m.via === 'response_url');
    expect(mine.map((m) => [m.text, m.ephemeralTo])).toEqual([
      ['just you', 'U0ANA'],
      ['everyone', undefined],
    ]);
    for (let i = 0; i < 3; i += 1) expect((await respond(url, { text: `n${i}` })).status).toBe(200);
    const sixth = await respond(url, { text: 'too many' });
    expect(sixth.status).toBe(404);
    expect(await sixth.json()).toEqual({ ok: false, error: 'used_url' });
  });

  it('replaces or deletes the original message and rejects invalid blocks', async () => {
    const posted = await client.chat.postMessage({ channel: 'C0ALERTS', text: 'alert' });
    const url = responseUrl({ channel: 'C0ALERTS', user: 'U0ANA', messageTs: posted.ts! });
    expect((await respond(url, { replace_original: true, text: 'acknowledged' })).status).toBe(200);
    expect(standin.messages('C0ALERTS').find((m) => m.ts === posted.ts)?.text).toBe('acknowledged');
    const bad = await respond(url, {
      text: 'x',
      blocks: [{ type: 'header', text: { type: 'plain_text', text: 'h'.repeat(151) } }],
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ ok: false, error: 'invalid_blocks' });
    expect((await respond(url, { delete_original: true })).status).toBe(200);
    expect(standin.messages('C0ALERTS').find((m) => m.ts === posted.ts)).toBeUndefined();
  });
});

describe('reset', () => {
  it('returns to the seeded workspace and keeps the live calls array', async () => {
    const calls = standin.calls;
    await client.chat.postMessage({ channel: 'C0GENERAL', text: 'before reset' });
    standin.addUser({ id: 'U0NEW', name: 'new', real_name: 'New', tz: 'UTC' });
    standin.reset();
    expect(standin.messages()).toEqual([]);
    expect(standin.views()).toEqual([]);
    expect(standin.users.some((u) => u.id === 'U0NEW')).toBe(false);
    await client.auth.test();
    expect(calls).toBe(standin.calls);
    expect(calls.map((c) => c.method)).toEqual(['auth.test']);
  });
});
