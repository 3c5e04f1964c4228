/**
 * Connecting a platform account: the key is checked with the platform before anything is kept, stored encrypted
 * (never in clear in the store file or in any log line, even at trace level), and from then on the person acts
 * with it — seeing exactly what the platform lets that key see. Disconnecting deletes it.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM, type StoredView } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { answerTo, openConnect as openConnectIn, pressDisconnect, textOf } from './access-helpers.ts';

let h: Harness;
let chloeKey: string;
beforeAll(async () => {
  h = await startHarness({ links: 'local', store: 'sqlite', logLevel: 'trace' });
  // Chloé Martin (511) works at Sydney Terminal only.
  chloeKey = h.sandbox.admin.mintKey({ userId: '511', siteIds: ['105'] });
});
afterAll(() => checkBlockKitAndStop(h));

const openConnect = (user: string) => openConnectIn(h, user);

const submitKey = (view: StoredView, key: string) =>
  h.driver.viewSubmission({ view, values: { access_key: key }, user: view.user ?? 'U0CHL' });

describe('connect', () => {
  it('says where a person gets a key: from the platform’s administrator, not from Slack', async () => {
    const view = await openConnect('U0CHL');
    const shown = JSON.stringify(view.blocks);
    expect(shown).toContain(
      'No key yet? Ask your monitoring platform’s administrator for a personal API key: keys are issued on the platform, not in Slack, and fieldline cannot make one for you.',
    );
  });

  it('refuses a key the platform does not recognise, says so on the field, and keeps nothing', async () => {
    const view = await openConnect('U0CHL');
    const res = await submitKey(view, 'sbx-not-a-real-key-000');
    expect(res.body).toMatchObject({
      response_action: 'errors',
      errors: { access_key: expect.stringContaining('did not recognise this key') },
    });
    expect(await h.deps.access.vault?.key(TEAM.id, 'U0CHL')).toBeNull();
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0CHL' });
    expect(textOf(answer)).toContain('Connect your platform account');
  });

  it('keeps a good key encrypted, says who and how many sites, and then acts with it (Chloé sees Sydney only)', async () => {
    const view = await openConnect('U0CHL');
    const res = await submitKey(view, chloeKey);
    expect(res.body).toMatchObject({ response_action: 'update' });
    const done = await waitFor(() => {
      const v = h.standin.view(view.id);
      return v && JSON.stringify(v.blocks).includes('1 site') ? v : undefined;
    });
    expect(JSON.stringify(done.blocks)).toContain('Chloe Martin');
    expect(JSON.stringify(done.blocks)).toContain('Sydney Terminal');
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0CHL' });
    const shown = textOf(answer);
    expect(shown).toContain('Sydney');
    for (const other of ['Berlin Plant', 'Chicago Works', 'Pune Assembly'])
      expect(shown).not.toContain(other);
    const calls = h.sandbox.admin.requests().filter((r) => r.path === '/tasks');
    expect(calls.at(-1)?.headers['x-api-key']).toBe(chloeKey);
  });

  it('never writes a stored key in clear: not in the store file, not in any log line (trace level)', async () => {
    await h.app.whenIdle();
    const keys = [chloeKey, h.sandbox.userKeys.ana, h.sandbox.userKeys.ben, 'sbx-not-a-real-key-000'];
    const file = await readFile(h.storePath!);
    for (const key of keys) {
      expect(file.includes(Buffer.from(key)), `store file holds ${key}`).toBe(false);
      expect(h.logText().includes(key), `log holds ${key}`).toBe(false);
    }
    // The log did see the flow (so the check above looked at something).
    expect(h.logText()).toContain('platform account connected');
  });

  it('disconnect deletes the key: the next request asks to connect again', async () => {
    await pressDisconnect(h, 'U0CHL');
    await waitFor(async () => (await h.deps.access.vault?.key(TEAM.id, 'U0CHL')) === null);
    const answer = await answerTo(h, { command: '/task', text: 'list all', user: 'U0CHL' });
    expect(textOf(answer)).toContain('Connect your platform account');
  });
});
