/**
 * Every send within Slack's block limits, whichever listener built the message: a WebClient guarded by
 * kit/blocks/guard-client.ts cuts a 70-block message to 50 ("…and N more") and a 130-block Home view to 100, and
 * the stand-in (which refuses over-limit blocks as Slack does) accepts them. The unguarded client is refused,
 * which is what the guard is for.
 */
import { WebClient } from '@slack/web-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardBlockLimits } from '../../src/kit/blocks/guard-client.ts';
import { startStandin, type Standin } from '../../src/slack-standin/index.ts';

let standin: Standin;
const newClient = () =>
  new WebClient('xoxb-test-token', { slackApiUrl: standin.apiUrl, retryConfig: { retries: 0 } });

beforeAll(async () => {
  standin = await startStandin({ signingSecret: 'test-secret', botToken: 'xoxb-test-token' });
});
afterAll(() => standin.close());

const sections = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ type: 'section', text: { type: 'mrkdwn', text: `row ${i + 1}` } }));

describe('guardBlockLimits', () => {
  it('lets Slack refuse a 70-block message from an unguarded client (what the guard prevents)', async () => {
    await expect(
      newClient().chat.postMessage({ channel: 'C0GENERAL', text: 'long', blocks: sections(70) }),
    ).rejects.toMatchObject({ data: { error: 'invalid_blocks' } });
  });

  it('cuts a 70-block message to 50 with a note of how many were left out', async () => {
    const client = guardBlockLimits(newClient());
    const res = await client.chat.postMessage({ channel: 'C0GENERAL', text: 'long', blocks: sections(70) });
    expect(res.ok).toBe(true);
    const stored = standin.messages('C0GENERAL').find((m) => m.ts === res.ts);
    const blocks = (stored?.blocks ?? []) as { type: string; elements?: { text: string }[] }[];
    expect(blocks).toHaveLength(50);
    expect(blocks.at(-1)).toMatchObject({ type: 'context', elements: [{ text: '…and 21 more not shown.' }] });
  });

  it('cuts a Home view to 100 blocks, and wraps a client once however often it is guarded', async () => {
    const client = guardBlockLimits(guardBlockLimits(newClient()));
    const user = standin.users[0]?.id ?? 'U0ANA';
    const res = await client.views.publish({ user_id: user, view: { type: 'home', blocks: sections(130) } });
    expect(res.ok).toBe(true);
    expect((res.view as { blocks: unknown[] }).blocks).toHaveLength(100);
  });
});
