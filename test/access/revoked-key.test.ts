/**
 * A key that stopped working on the platform (revoked or replaced after the person connected): the person is told
 * it is *their* key and offered to connect again — not the operator's MONITORING_API_KEY message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { answerTo, connectKey, textOf } from './access-helpers.ts';

let h: Harness;
let key: string;
beforeAll(async () => {
  h = await startHarness({ links: 'none' });
  key = await connectKey(h, 'U0CHL', '511', ['105']);
});
afterAll(async () => {
  await h?.stop();
});

describe('a revoked personal key', () => {
  it('works while valid, then asks the person to connect again once the platform stops recognising it', async () => {
    expect(textOf(await answerTo(h, { command: '/task', text: 'list all', user: 'U0CHL' }))).toContain(
      'Sydney',
    );
    expect(h.sandbox.admin.revokeKey(key)).toBe(true);
    const shown = textOf(await answerTo(h, { command: '/task', text: 'list all', user: 'U0CHL' }));
    expect(shown).toContain('no longer recognises your platform API key');
    expect(shown).toContain('Connect your platform account');
    expect(shown).not.toContain('MONITORING_API_KEY');
  });
});
