/**
 * Issue 37: App Home never says "connected" for a key it cannot open. A person whose stored key no data key
 * fieldline knows opens (FIELDLINE_ENCRYPTION_KEY rotated away) sees "your connection must be renewed" with the
 * Connect button — not "Connected as …", not Disconnect, not "you have not connected one yet" — and nothing reaches
 * the platform for them.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MUST_RENEW_TEXT } from '../../src/access/index.ts';
import { createKeyVault } from '../../src/access/service/key-vault.ts';
import { TEAM } from '../../src/slack-standin/index.ts';
import { platformCallsSince, requestMark } from '../access/access-helpers.ts';
import { startHarness, type Harness } from '../harness.ts';
import { expectValidHomeViews, homeText, openHome } from './home-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'none' });
  // Sealed with a data key fieldline no longer has; what was shown of it is still in the record, in clear.
  const lost = createKeyVault({ store: h.deps.store, dataKey: randomBytes(32), now: Date.now });
  await lost.save(TEAM.id, 'U0CHL', h.sandbox.admin.mintKey({ userId: '511' }), {
    platformUser: { id: '511', name: 'Chloe Martin' },
    sites: { count: 1, names: ['Sydney Terminal'] },
  });
});
afterAll(async () => {
  expectValidHomeViews(h);
  await h?.stop();
});

describe('App Home: a connection that must be renewed', () => {
  it('says so with the Connect button, never "connected", and asks nothing of the platform', async () => {
    const mark = requestMark(h);
    const text = homeText(await openHome(h, 'U0CHL'));
    expect(text).toContain(JSON.stringify(MUST_RENEW_TEXT).slice(1, -1));
    expect(text).toContain('"action_id":"access_connect"');
    expect(text).not.toContain('Connected as');
    expect(text).not.toContain('"action_id":"access_disconnect"');
    expect(text).not.toContain('have not connected one yet');
    await h.app.whenIdle();
    expect(platformCallsSince(h, mark)).toEqual([]);
  });

  it('shows connected again once the person connects a key', async () => {
    await h.deps.access.vault!.save(TEAM.id, 'U0CHL', h.sandbox.admin.mintKey({ userId: '511' }), {
      platformUser: { id: '511', name: 'Chloe Martin' },
    });
    const text = homeText(await openHome(h, 'U0CHL'));
    expect(text).toContain('Connected as *Chloe Martin*');
    expect(text).not.toContain('must be renewed');
  });
});
