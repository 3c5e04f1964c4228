import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '../harness.ts';
import {
  ALERTS,
  expectValidBlocks,
  HEALTHY_CAMERA,
  MIN,
  startCameraBed,
  type RelayBed,
} from './relay-bed.ts';

describe('relay: device-status alerts end to end', () => {
  let bed: RelayBed;
  let camera: string;

  beforeEach(async () => {
    ({ bed, camera } = await startCameraBed());
  });
  afterEach(() => bed.stop());

  const cameraParents = () => bed.parents(ALERTS).filter((m) => m.text.includes('Gate Camera North'));

  it('raises an alert once after the pending period, threads an update, then resolves it with the duration', async () => {
    bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, battery: 15 });
    await bed.tick(MIN);
    expect(cameraParents()).toEqual([]); // still pending: 1 min < 2 min
    await bed.tick(2 * MIN);
    await bed.tick(MIN);
    expect(cameraParents()).toHaveLength(1);
    const parent = cameraParents()[0];
    expect(parent?.text).toMatch(/Warning: Gate Camera North — Low battery \(battery 15 %/);

    bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, battery: 5 });
    await bed.tick(MIN);
    expect(cameraParents()).toHaveLength(1);
    const replies = bed.replies(ALERTS, parent?.ts ?? '');
    expect(replies.map((r) => r.text)).toEqual([
      expect.stringMatching(/Low battery Warning → Critical: battery 5 %/),
    ]);
    expect(cameraParents()[0]?.text).toMatch(/^Critical/);

    bed.h.sandbox.admin.setDeviceStatus(camera, HEALTHY_CAMERA);
    await bed.tick(MIN);
    expect(cameraParents()[0]?.text).toMatch(/^Critical/); // healthy for 0 min: not yet cleared
    await bed.tick(6 * MIN);
    const resolved = cameraParents()[0];
    expect(resolved?.text).toMatch(/^Resolved after \d+ min: Gate Camera North \(Low battery\)/);
    expect(resolved?.edited).toBeDefined();
    expect(bed.replies(ALERTS, parent?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/Critical/),
      expect.stringMatching(/Resolved after/),
    ]);
    expectValidBlocks(bed.h);
  });

  it('suppresses a flapping device: no message while the condition never holds for the pending period', async () => {
    for (let i = 0; i < 6; i++) {
      bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, onLine: i % 2 === 0 });
      await bed.tick(MIN);
    }
    expect(cameraParents()).toEqual([]);
  });

  it('does not re-raise while an active alert flaps back within the healthy period', async () => {
    bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, cameraOn: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    expect(cameraParents()).toHaveLength(1);
    for (let i = 0; i < 4; i++) {
      bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, cameraOn: i % 2 === 1 });
      await bed.tick(MIN);
    }
    expect(cameraParents()).toHaveLength(1);
    expect(cameraParents()[0]?.text).toMatch(/^Critical/);
    expect(bed.replies(ALERTS, cameraParents()[0]?.ts ?? '')).toEqual([]);
  });

  it('shows who acknowledged on the parent', async () => {
    bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, onLine: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const parent = cameraParents()[0];
    expect(parent).toBeDefined();
    const user = bed.h.standin.users[0]?.id ?? '';
    const res = await bed.h.driver.blockAction({
      actionId: 'alert_ack',
      message: parent?.ts ?? '',
      channel: ALERTS,
      user,
    });
    expect(res.status).toBe(200);
    await waitFor(() =>
      JSON.stringify(cameraParents()[0]?.blocks ?? []).includes(`Acknowledged by <@${user}>`),
    );
    // a later update of the parent keeps the acknowledgement
    bed.h.sandbox.admin.setDeviceStatus(camera, HEALTHY_CAMERA);
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(cameraParents()[0]?.text).toMatch(/^Resolved/);
    expect(JSON.stringify(cameraParents()[0]?.blocks)).toContain(`Acknowledged by <@${user}>`);
    expectValidBlocks(bed.h);
  });

  it('a snoozed alert posts nothing until the snooze ends, then a short summary', async () => {
    bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, battery: 15 });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const parent = cameraParents()[0];
    const res = await bed.h.driver.blockAction({
      actionId: 'alert_snooze',
      message: parent?.ts ?? '',
      channel: ALERTS,
      selectedOption: '1h',
    });
    expect(res.status).toBe(200);
    await waitFor(() =>
      bed.h.standin.messages(ALERTS).find((m) => m.ephemeralTo && m.text.includes('Snoozed')),
    );
    // The whole channel sees the snooze on the parent, and a later re-render (Acknowledge) keeps it.
    const snoozedLine = /Snoozed by <@\w+> until \d\d:\d\d site time/;
    await waitFor(() => snoozedLine.test(JSON.stringify(cameraParents()[0]?.blocks ?? [])));
    await bed.h.driver.blockAction({ actionId: 'alert_ack', message: parent?.ts ?? '', channel: ALERTS });
    await waitFor(() => JSON.stringify(cameraParents()[0]?.blocks ?? []).includes('Acknowledged by'));
    expect(JSON.stringify(cameraParents()[0]?.blocks)).toMatch(snoozedLine);

    bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, battery: 5 });
    await bed.tick(MIN);
    await bed.tick(10 * MIN);
    expect(bed.replies(ALERTS, parent?.ts ?? '')).toEqual([]);
    await bed.tick(60 * MIN);
    const replies = bed.replies(ALERTS, parent?.ts ?? '');
    expect(replies.map((r) => r.text)).toEqual([
      expect.stringMatching(/Snooze ended: Gate Camera North still active, 1 update hidden/),
    ]);
    expect(cameraParents()).toHaveLength(1);
    // The snooze is over: its line leaves the parent, the acknowledgement stays.
    const after = JSON.stringify(cameraParents()[0]?.blocks);
    expect(after).not.toContain('Snoozed by');
    expect(after).toContain('Acknowledged by');
    expectValidBlocks(bed.h);
  });

  it('a snooze "until healthy" resolves the parent quietly and ends with the summary', async () => {
    bed.h.sandbox.admin.setDeviceStatus(camera, { ...HEALTHY_CAMERA, deviceOn: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const parent = cameraParents()[0];
    await bed.h.driver.blockAction({
      actionId: 'alert_snooze',
      message: parent?.ts ?? '',
      channel: ALERTS,
      selectedOption: 'healthy',
    });
    await waitFor(() =>
      bed.h.standin.messages(ALERTS).find((m) => m.ephemeralTo && m.text.includes('Snoozed')),
    );
    await waitFor(() => /Snoozed by <@\w+> until healthy/.test(JSON.stringify(cameraParents()[0]?.blocks)));
    bed.h.sandbox.admin.setDeviceStatus(camera, HEALTHY_CAMERA);
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(cameraParents()[0]?.text).toMatch(/^Resolved/);
    expect(bed.replies(ALERTS, parent?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/Snooze ended: .* healthy now/),
    ]);
    expect(JSON.stringify(cameraParents()[0]?.blocks)).not.toContain('Snoozed by');
  });
});
