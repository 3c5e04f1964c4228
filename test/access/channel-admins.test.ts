/**
 * Channel configuration is for admins: workspace admins and owners, or members of FIELDLINE_ADMIN_GROUP. Everyone
 * may list and see status. An admin's own key decides which sites they may subscribe a channel to.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, type Harness } from '../harness.ts';
import { answerTo, textOf } from './access-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local', configOverrides: { FIELDLINE_ADMIN_GROUP: 'plant-leads' } });
});
afterAll(async () => {
  await h?.stop();
});

const monitor = async (text: string, user: string, channel = 'C0GENERAL') =>
  textOf(await answerTo(h, { command: '/monitor', text, user, channel }));
const subscriptionOf = async (channel = 'C0GENERAL') => {
  const { alertStore } = await import('../../src/alerts/engine/alert-store.ts');
  return alertStore(h.deps.store).subscriptions(channel);
};

describe('/monitor as an admin or not', () => {
  it('a member who is not an admin cannot subscribe or unsubscribe, and nothing is stored', async () => {
    expect(await monitor('subscribe alerts', 'U0BEN')).toContain('Only workspace admins and owners');
    expect(await monitor('unsubscribe', 'U0BEN')).toContain('Only workspace admins and owners');
    expect(await subscriptionOf()).toBeUndefined();
  });

  it('anyone may list and ask for status', async () => {
    expect(await monitor('list', 'U0BEN')).not.toContain('Only workspace admins');
    expect(await monitor('status', 'U0BEN')).not.toContain('Only workspace admins');
  });

  it('a workspace admin (Ana) subscribes', async () => {
    expect(await monitor('subscribe alerts site berlin', 'U0ANA')).toContain('Subscribed');
    expect(await subscriptionOf()).toMatchObject({ alerts: { siteIds: ['101'] } });
  });

  it('a member of the admin group subscribes, within the sites of their own key (Ben: Chicago only)', async () => {
    h.standin.state.usergroups[0]!.users.push('U0BEN');
    await h.deps.store.namespace('access').delete('admin-group:plant-leads');
    expect(await monitor('subscribe tasks site berlin', 'U0BEN')).not.toContain('Subscribed');
    expect(await monitor('subscribe tasks site chicago', 'U0BEN')).toContain('Subscribed');
    expect(await subscriptionOf()).toMatchObject({ tasks: { siteIds: ['102'] } });
  });

  it('"subscribe alerts" with no site, by an admin whose key sees Chicago only, subscribes Chicago only', async () => {
    expect(await monitor('subscribe alerts', 'U0BEN', 'C0ALERTS')).toContain('Subscribed');
    expect(await subscriptionOf('C0ALERTS')).toMatchObject({ alerts: { siteIds: ['102'] } });
  });
});
