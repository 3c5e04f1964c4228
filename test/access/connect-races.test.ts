/**
 * Issue 35 at the Slack edge: connect, its description job and disconnect, sent as signed requests by 16 people
 * at once, on every store. The description used to write back the record it read before its platform calls, so
 * a person who disconnected meanwhile was connected again, and a key connected meanwhile was replaced by the one
 * before it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEAM, type StoredView } from '../../src/slack-standin/index.ts';
import { notConnectedBlocks } from '../../src/access/render/connect.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { BACKENDS, noBackend } from '../store/shared-backends.ts';
import { disconnectMessage } from './access-helpers.ts';

const N = 16;
const people = Array.from({ length: N }, (_, i) => `U0RC${String(i).padStart(2, '0')}`);

describe.each(BACKENDS)('connect and disconnect at once (%s store)', (store) => {
  let h: Harness;
  beforeAll(async () => {
    if (noBackend(store)) return;
    h = await startHarness({ links: 'none', store, jobs: { concurrency: 8 } });
    for (const id of people) {
      h.standin.addUser({ id, name: id.toLowerCase(), real_name: `Racer ${id}`, tz: 'UTC' });
      // Racers have no email: each may connect Ana's keys by an admin's exception (issue 37).
      await h.deps.access.keyOwners.approve(TEAM.id, id, { platformUserId: '501', approvedBy: 'test' });
    }
  });
  afterAll(async () => {
    await h?.stop();
  });

  const key = () => h.sandbox.admin.mintKey({ userId: '501' });
  const submit = (view: StoredView, value: string, user: string) =>
    h.driver.viewSubmission({ view, values: { access_key: value }, user });
  const vaultKey = (user: string) => h.deps.access.vault!.key(TEAM.id, user);

  /** Opens the Connect modal as `user` from a "connect your account" offer; many people may do so at once. */
  async function openConnect(user: string): Promise<StoredView> {
    const offer = h.standin.addMessage({
      channel: 'C0GENERAL',
      user: h.standin.botUserId,
      text: 'connect',
      blocks: notConnectedBlocks() as never,
    });
    const known = new Set(h.standin.views().map((v) => v.id));
    await h.driver.blockAction({ actionId: 'access_connect', message: offer, channel: 'C0GENERAL', user });
    return waitFor(() =>
      h.standin
        .views()
        .find(
          (v) => !known.has(v.id) && v.user === user && v.callback_id === 'access_connect_view' && v.open,
        ),
    );
  }

  it.skipIf(noBackend(store))(
    `${N} people connect and at once disconnect: all stay disconnected`,
    async () => {
      const message = disconnectMessage(h);
      await Promise.all(
        people.map(async (user) => {
          const res = await submit(await openConnect(user), key(), user);
          expect(res.body).toMatchObject({ response_action: 'update' });
          await h.driver.blockAction({ actionId: 'access_disconnect', message, channel: 'C0GENERAL', user });
        }),
      );
      await h.app.whenIdle();
      for (const user of people) expect(await vaultKey(user)).toBeNull();
    },
  );

  it.skipIf(noBackend(store))(
    `${N} people connect a key and at once a second one: the second works`,
    async () => {
      const keys = people.map(() => key());
      await Promise.all(
        people.map(async (user, i) => {
          await submit(await openConnect(user), key(), user);
          await submit(await openConnect(user), keys[i]!, user);
        }),
      );
      await h.app.whenIdle();
      for (const [i, user] of people.entries()) expect(await vaultKey(user)).toBe(keys[i]);
    },
  );
});
