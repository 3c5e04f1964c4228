/**
 * A channel admin changes only the sites their own platform key sees (issue 37). Ben is in FIELDLINE_ADMIN_GROUP
 * and his key sees Chicago Works only; Ana (a workspace admin) sees every site. What Ana set up for Berlin Plant
 * is kept whatever Ben runs, and Ben's reply says so.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { digestRecords } from '../../src/alerts/engine/digest-records.ts';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { answerTo, textOf } from '../access/access-helpers.ts';
import { ALERTS, GENERAL, MIN, startAlertsBed, type AlertsBed } from './alerts-bed.ts';

const ANA = 'U0ANA';
const BEN = 'U0BEN';
const SHIFT = 'C0SHIFT';
const HANDOVER = 'C0HANDOVER';
const KEPT = /Berlin Plant\*?'s subscription is kept: your platform account doesn't see it/;

let bed: AlertsBed;
beforeAll(async () => {
  bed = await startAlertsBed({
    harness: { links: 'local', configOverrides: { FIELDLINE_ADMIN_GROUP: 'plant-leads' } },
  });
  bed.h.standin.state.usergroups[0]!.users.push(BEN);
  for (const id of [SHIFT, HANDOVER])
    bed.h.standin.addChannel({
      id,
      name: id.toLowerCase(),
      is_private: false,
      is_im: false,
      is_member: true,
    });
});
afterAll(() => bed?.stop());

const monitor = async (text: string, user: string, channel: string) =>
  textOf(await answerTo(bed.h, { command: '/monitor', text, user, channel }));
const subs = (channel: string) => alertStore(bed.h.deps.store).subscriptions(channel);
const digest = (channel: string) => digestRecords(alertStore(bed.h.deps.store).raw).settings(channel);

describe('an admin whose key sees Chicago Works only', () => {
  it("`subscribe alerts severity critical` keeps Berlin Plant's severity: its warnings still reach the channel", async () => {
    expect(await monitor('subscribe alerts site Berlin Plant', ANA, ALERTS)).toMatch(/Subscribed/);
    const reply = await monitor('subscribe alerts severity critical', BEN, ALERTS);
    expect(await subs(ALERTS)).toMatchObject({
      alerts: { siteIds: ['101', '102'], minSeverity: 'warning' },
    });
    expect(reply).toMatch(/Subscribed/);
    expect(reply).toMatch(/severity filter is kept[^"]*Berlin Plant/);
    // The effect: a Berlin camera's low battery (a warning) is still posted in #alerts.
    bed.setCamera();
    await bed.tick(0);
    await bed.tick();
    bed.setCamera({ battery: 15 });
    for (const ms of [MIN, 2 * MIN, MIN]) await bed.tick(ms);
    expect(bed.cameraParents().map((m) => m.text)).toEqual([
      expect.stringMatching(/^Warning: Gate Camera North — Low battery/),
    ]);
  });

  it("`unsubscribe alerts` and `unsubscribe` remove Chicago Works only; Berlin Plant's subscriptions are kept", async () => {
    await monitor('subscribe alerts site Berlin Plant site Chicago Works', ANA, GENERAL);
    await monitor('subscribe tasks site Berlin Plant site Chicago Works', ANA, GENERAL);
    const alerts = await monitor('unsubscribe alerts', BEN, GENERAL);
    expect(await subs(GENERAL)).toMatchObject({
      alerts: { siteIds: ['101'], siteNames: ['Berlin Plant'] },
      tasks: { siteIds: ['101', '102'] },
    });
    expect(alerts).toMatch(/Unsubscribed/);
    expect(alerts).toMatch(KEPT);
    const all = await monitor('unsubscribe', BEN, GENERAL);
    expect(await subs(GENERAL)).toMatchObject({ alerts: { siteIds: ['101'] }, tasks: { siteIds: ['101'] } });
    expect(all).toMatch(KEPT);
    // Nothing of his left: said so, and Berlin Plant's still kept.
    const again = await monitor('unsubscribe', BEN, GENERAL);
    expect(again).toMatch(KEPT);
    expect(await subs(GENERAL)).toMatchObject({ alerts: { siteIds: ['101'] }, tasks: { siteIds: ['101'] } });
  });

  it("`digest off` stops Chicago Works' digest only; `digest at` does not change Berlin Plant's times", async () => {
    await monitor('digest at 06:00 site Berlin Plant site Chicago Works', ANA, SHIFT);
    const off = await monitor('digest off', BEN, SHIFT);
    expect(await digest(SHIFT)).toMatchObject({ times: ['06:00'], siteIds: ['101'] });
    expect(off).toMatch(/No more shift handover digests here for \*Chicago Works\*/);
    expect(off).toMatch(/Berlin Plant\*?'s digest is kept: your platform account doesn't see it/);
    const at = await monitor('digest at 07:00 site Chicago Works', BEN, SHIFT);
    expect(await digest(SHIFT)).toMatchObject({ times: ['06:00'], siteIds: ['101'] });
    expect(at).toMatch(/Berlin Plant[^"]*doesn't see[^"]*Nothing was changed/);
  });

  it("`digest off` keeps a digest of the channel's subscribed sites when Berlin Plant is one of them", async () => {
    await monitor('subscribe alerts site Berlin Plant', ANA, HANDOVER);
    await monitor('digest at 06:00', ANA, HANDOVER);
    const off = await monitor('digest off', BEN, HANDOVER);
    expect(await digest(HANDOVER)).toMatchObject({ times: ['06:00'], siteIds: null });
    expect(off).toMatch(/digest here is kept[^"]*Berlin Plant/);
    // Ana sees every site: her `digest off` removes it.
    expect(await monitor('digest off', ANA, HANDOVER)).toMatch(/No more shift handover digests here/);
    expect(await digest(HANDOVER)).toBeUndefined();
  });
});
