/**
 * ALLOW_GUESTS=true: workspace guests (and single-channel guests) may use fieldline like members — with their own
 * platform key, within its rights. Deactivated users and Slack Connect partners are still refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { answerTo, connectKey, SINGLE_CHANNEL_GUEST, textOf } from './access-helpers.ts';

let h: Harness;
let gusKey: string;
beforeAll(async () => {
  h = await startHarness({ links: 'local', configOverrides: { ALLOW_GUESTS: 'true' } });
  h.standin.addUser(SINGLE_CHANNEL_GUEST);
  // Gus's platform account (Chloé Martin's user stands in for it) sees Sydney Terminal only.
  gusKey = await connectKey(h, 'U0GUS', '511', ['105']);
});
afterAll(async () => {
  await h?.stop();
});

describe('ALLOW_GUESTS=true', () => {
  it('a connected guest acts with his own key and sees only its sites', async () => {
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0GUS' });
    const shown = textOf(answer);
    expect(shown).not.toContain('not available to workspace guests');
    expect(shown).toContain('Sydney');
    expect(shown).not.toContain('Berlin Plant');
    const calls = h.sandbox.admin.requests().filter((r) => r.path === '/tasks');
    expect(calls.at(-1)?.headers['x-api-key']).toBe(gusKey);
  });

  it('a single-channel guest is not refused either; with no key yet she is asked to connect', async () => {
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0ULT' });
    expect(textOf(answer)).toContain('Connect your platform account');
  });

  it('still refuses a Slack Connect partner', async () => {
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0KAI' });
    expect(textOf(answer)).toContain('another organisation');
  });
});
