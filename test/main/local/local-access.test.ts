/**
 * Local mode shows every access rule at once, with no setup: the workspace setup links Ana (every site) and Ben
 * (Chicago Works only) to their platform keys itself; Gus (a guest) and Kai (Partner Co, in the shared channel)
 * are refused; anyone else is asked to connect.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setupLocalWorkspace, type LocalWorkspace } from '../../../src/main/local/index.ts';
import { answerTo, textOf } from '../../access/access-helpers.ts';
import { startHarness, type Harness } from '../../harness.ts';

let h: Harness;
let local: LocalWorkspace;
beforeAll(async () => {
  h = await startHarness({ links: 'none' });
  local = await setupLocalWorkspace(h.deps, h.standin, h.sandbox.userKeys);
});
afterAll(async () => {
  local?.console.close();
  await h?.stop();
});

const tasksShown = async (user: string, channel = 'C0GENERAL') =>
  textOf(await answerTo(h, { command: '/task', text: 'list all', user, channel }));
const lastTasksKey = () =>
  h.sandbox.admin
    .requests()
    .filter((r) => r.path === '/tasks')
    .at(-1)?.headers['x-api-key'];

describe('local mode people', () => {
  it('Ana acts with her own key and sees every site', async () => {
    const shown = await tasksShown('U0ANA');
    expect(shown).not.toContain('Connect your platform account');
    expect(lastTasksKey()).toBe(h.sandbox.userKeys.ana);
  });

  it('Ben acts with his own key and sees Chicago Works only', async () => {
    const shown = await tasksShown('U0BEN');
    expect(lastTasksKey()).toBe(h.sandbox.userKeys.ben);
    expect(shown).toContain('Chicago Works');
    for (const other of ['Berlin Plant', 'Pune Assembly', 'Sydney Terminal'])
      expect(shown).not.toContain(other);
  });

  it('Gus, a guest, is refused', async () => {
    expect(await tasksShown('U0GUS')).toContain('not available to workspace guests');
  });

  it('Kai, from Partner Co, is refused in the shared channel where he wrote', async () => {
    const shared = h.standin.state.channels.find((c) => c.id === 'C0PARTNER');
    expect(shared?.is_ext_shared).toBe(true);
    expect(h.standin.messages('C0PARTNER').some((m) => m.user === 'U0KAI')).toBe(true);
    expect(await tasksShown('U0KAI', 'C0PARTNER')).toContain('another organisation');
  });

  it('anyone else (Chloé) is asked to connect', async () => {
    expect(await tasksShown('U0CHL')).toContain('Connect your platform account');
  });
});
