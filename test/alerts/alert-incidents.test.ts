import { describe, expect } from 'vitest';
import { waitFor } from '../harness.ts';
import { ALERTS, cameraTest as it, expectValidBlocks, MIN, type AlertsBed } from './alerts-bed.ts';

const blocksOf = (m: { blocks?: unknown } | undefined) => JSON.stringify(m?.blocks ?? []);
/** Offline, no network and low battery at once, held past the pending period. */
const raiseAll = async (bed: AlertsBed) => {
  bed.setCamera({ onLine: false, wifiConnected: false, battery: 15 });
  await bed.tick(MIN);
  await bed.tick(3 * MIN);
};

describe('alerts: one incident per device', () => {
  it('offline + no network + low battery → one parent listing three conditions; clearing edits it; all clear resolves it', async ({
    bed,
  }) => {
    await raiseAll(bed);
    expect(bed.cameraParents()).toHaveLength(1);
    const parent = bed.cameraParents()[0];
    expect(parent?.text).toMatch(/^Critical: Gate Camera North — /);
    for (const label of ['Offline', 'No network', 'Low battery']) expect(parent?.text).toContain(label);
    expect(blocksOf(parent)).toMatch(/3 conditions/);
    expect(blocksOf(parent).match(/since \d\d:\d\d site time/g)).toHaveLength(3);
    expect(bed.replies(ALERTS, parent?.ts ?? '')).toEqual([]);

    // Battery charged: one condition leaves after the healthy period; the parent is edited, one short reply.
    bed.setCamera({ onLine: false, wifiConnected: false });
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(bed.cameraParents()).toHaveLength(1);
    expect(bed.cameraParents()[0]?.text).not.toContain('Low battery');
    expect(blocksOf(bed.cameraParents()[0])).toMatch(/2 conditions/);
    expect(blocksOf(bed.cameraParents()[0])).toMatch(/Cleared meanwhile: Low battery/);
    expect(bed.replies(ALERTS, parent?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/^Low battery healthy again$/),
    ]);

    // Network back: the parent lists Offline only.
    bed.setCamera({ onLine: false });
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(bed.cameraParents()[0]?.text).toMatch(
      /^Critical: Gate Camera North — Offline \(device offline\)$/,
    );
    expect(bed.replies(ALERTS, parent?.ts ?? '')).toHaveLength(2);

    // Everything healthy through the healthy period: the same parent is resolved, with how long it lasted.
    bed.setCamera();
    await bed.tick(MIN);
    expect(bed.cameraParents()[0]?.text).toMatch(/^Critical/); // healthy for 0 min: not yet
    await bed.tick(6 * MIN);
    expect(bed.cameraParents()).toHaveLength(1);
    expect(bed.cameraParents()[0]?.text).toMatch(
      /^Resolved after \d+ min: Gate Camera North \(.*Offline.*\)$/,
    );
    expect(blocksOf(bed.cameraParents()[0])).toMatch(/Resolved after \d+ min/);
    expect(bed.replies(ALERTS, parent?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/Low battery/),
      expect.stringMatching(/No network/),
      expect.stringMatching(/^:white_check_mark: Resolved after \d+ min/),
    ]);
    expectValidBlocks(bed.h);
  });

  it('a condition joining later edits the parent and adds one reply; no second parent', async ({ bed }) => {
    bed.setCamera({ onLine: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    bed.setCamera({ onLine: false, battery: 15 });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    expect(bed.cameraParents()).toHaveLength(1);
    expect(bed.cameraParents()[0]?.text).toMatch(/Offline, Low battery/);
    expect(bed.replies(ALERTS, bed.cameraParents()[0]?.ts ?? '').map((r) => r.text)).toEqual([
      'Low battery joined: battery 15 %, not charging',
    ]);
    expectValidBlocks(bed.h);
  });

  it('a second Acknowledge answers who acknowledged and when, and changes nothing', async ({ bed }) => {
    await raiseAll(bed);
    const parent = bed.cameraParents()[0];
    const [ana, ben] = bed.h.standin.users;
    await bed.h.driver.blockAction({
      actionId: 'alert_ack',
      message: parent?.ts ?? '',
      channel: ALERTS,
      user: ana?.id,
    });
    await waitFor(() => blocksOf(bed.cameraParents()[0]).includes(`Acknowledged by <@${ana?.id}> at `));
    const shown = blocksOf(bed.cameraParents()[0]);
    expect(shown).toMatch(
      /Acknowledged by <@\w+> at \d\d:\d\d site time \(<!date\^\d+\^\{time\}\|\d\d:\d\d site time> your time\)/,
    );
    const updates = bed.h.standin.callsTo('chat.update').length;

    await bed.h.driver.blockAction({
      actionId: 'alert_ack',
      message: parent?.ts ?? '',
      channel: ALERTS,
      user: ben?.id,
    });
    const note = await waitFor(() =>
      bed.h.standin
        .messages(ALERTS)
        .find((m) => m.ephemeralTo === ben?.id && m.text.includes('already acknowledged')),
    );
    expect(note.text).toMatch(new RegExp(`already acknowledged by <@${ana?.id}> at \\d\\d:\\d\\d site time`));
    expect(bed.h.standin.callsTo('chat.update')).toHaveLength(updates);
    expect(blocksOf(bed.cameraParents()[0])).toBe(shown);
    expectValidBlocks(bed.h);
  });

  it('Create task on an incident opens the task form about the device and its conditions', async ({
    bed,
  }) => {
    await raiseAll(bed);
    await bed.h.driver.blockAction({
      actionId: 'alert_create_task',
      message: bed.cameraParents()[0]?.ts ?? '',
      channel: ALERTS,
    });
    const opened = await waitFor(() => bed.h.standin.callsTo('views.open')[0]);
    expect(JSON.stringify(opened.args)).toMatch(/Offline, No network, Low battery: Gate Camera North/);
  });
});
