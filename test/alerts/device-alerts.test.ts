import { describe, expect } from 'vitest';
import { waitFor } from '../harness.ts';
import { ALERTS, cameraTest as it, expectValidBlocks, MIN } from './alerts-bed.ts';

describe('alerts: device-status alerts end to end', () => {
  it('raises an alert once after the pending period, threads an update, then resolves it with the duration', async ({
    bed,
  }) => {
    bed.setCamera({ battery: 15 });
    await bed.tick(MIN);
    expect(bed.cameraParents()).toEqual([]); // still pending: 1 min < 2 min
    await bed.tick(2 * MIN);
    await bed.tick(MIN);
    expect(bed.cameraParents()).toHaveLength(1);
    const parent = bed.cameraParents()[0];
    expect(parent?.text).toMatch(/Warning: Gate Camera North — Low battery \(battery 15 %/);

    bed.setCamera({ battery: 5 });
    await bed.tick(MIN);
    expect(bed.cameraParents()).toHaveLength(1);
    const replies = bed.replies(ALERTS, parent?.ts ?? '');
    expect(replies.map((r) => r.text)).toEqual([
      expect.stringMatching(/Low battery Warning → Critical: battery 5 %/),
    ]);
    expect(bed.cameraParents()[0]?.text).toMatch(/^Critical/);

    bed.setCamera();
    await bed.tick(MIN);
    expect(bed.cameraParents()[0]?.text).toMatch(/^Critical/); // healthy for 0 min: not yet cleared
    await bed.tick(6 * MIN);
    const resolved = bed.cameraParents()[0];
    expect(resolved?.text).toMatch(/^Resolved after \d+ min: Gate Camera North \(Low battery\)/);
    expect(resolved?.edited).toBeDefined();
    expect(bed.replies(ALERTS, parent?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/Critical/),
      expect.stringMatching(/Resolved after/),
    ]);
    expectValidBlocks(bed.h);
  });

  it('suppresses a flapping device: no message while the condition never holds for the pending period', async ({
    bed,
  }) => {
    for (let i = 0; i < 6; i++) {
      bed.setCamera({ onLine: i % 2 === 0 });
      await bed.tick(MIN);
    }
    expect(bed.cameraParents()).toEqual([]);
  });

  it('does not re-raise while an active alert flaps back within the healthy period', async ({ bed }) => {
    bed.setCamera({ cameraOn: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    expect(bed.cameraParents()).toHaveLength(1);
    for (let i = 0; i < 4; i++) {
      bed.setCamera({ cameraOn: i % 2 === 1 });
      await bed.tick(MIN);
    }
    expect(bed.cameraParents()).toHaveLength(1);
    expect(bed.cameraParents()[0]?.text).toMatch(/^Critical/);
    expect(bed.replies(ALERTS, bed.cameraParents()[0]?.ts ?? '')).toEqual([]);
  });

  it('shows who acknowledged on the parent', async ({ bed }) => {
    bed.setCamera({ onLine: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const parent = bed.cameraParents()[0];
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
      JSON.stringify(bed.cameraParents()[0]?.blocks ?? []).includes(`Acknowledged by <@${user}>`),
    );
    // a later update of the parent keeps the acknowledgement
    bed.setCamera();
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(bed.cameraParents()[0]?.text).toMatch(/^Resolved/);
    expect(JSON.stringify(bed.cameraParents()[0]?.blocks)).toContain(`Acknowledged by <@${user}>`);
    expectValidBlocks(bed.h);
  });

  it('a snoozed alert posts nothing until the snooze ends, then a short summary', async ({ bed }) => {
    bed.setCamera({ battery: 15 });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const parent = bed.cameraParents()[0];
    // Said like every other message: the site's clock, then the person's own time (Slack's <!date>).
    expect(await bed.snooze(parent?.ts, '1h')).toMatch(
      /Snoozed \*Gate Camera North\* until \d\d:\d\d site time \(<!date\^\d+\^\{date_short_pretty\} \{time\}\|[^>]+> your time\)/,
    );
    // The whole channel sees the snooze on the parent, and a later re-render (Acknowledge) keeps it.
    const snoozedLine = /Snoozed by <@\w+> until \d\d:\d\d site time \(<!date\^[^>]+> your time\)/;
    await waitFor(() => snoozedLine.test(JSON.stringify(bed.cameraParents()[0]?.blocks ?? [])));
    await bed.h.driver.blockAction({ actionId: 'alert_ack', message: parent?.ts ?? '', channel: ALERTS });
    await waitFor(() => JSON.stringify(bed.cameraParents()[0]?.blocks ?? []).includes('Acknowledged by'));
    expect(JSON.stringify(bed.cameraParents()[0]?.blocks)).toMatch(snoozedLine);

    bed.setCamera({ battery: 5 });
    await bed.tick(MIN);
    await bed.tick(10 * MIN);
    expect(bed.replies(ALERTS, parent?.ts ?? '')).toEqual([]);
    await bed.tick(60 * MIN);
    const replies = bed.replies(ALERTS, parent?.ts ?? '');
    expect(replies.map((r) => r.text)).toEqual([
      expect.stringMatching(/Snooze ended: Gate Camera North still active, 1 update hidden/),
    ]);
    expect(bed.cameraParents()).toHaveLength(1);
    // The snooze is over: its line leaves the parent, the acknowledgement stays.
    const after = JSON.stringify(bed.cameraParents()[0]?.blocks);
    expect(after).not.toContain('Snoozed by');
    expect(after).toContain('Acknowledged by');
    expectValidBlocks(bed.h);
  });

  it('a snooze "until healthy" resolves the parent quietly and ends with the summary', async ({ bed }) => {
    bed.setCamera({ deviceOn: false });
    await bed.tick(MIN);
    await bed.tick(3 * MIN);
    const parent = bed.cameraParents()[0];
    expect(await bed.snooze(parent?.ts, 'healthy')).toContain('Snoozed');
    await waitFor(() =>
      /Snoozed by <@\w+> until healthy/.test(JSON.stringify(bed.cameraParents()[0]?.blocks)),
    );
    bed.setCamera();
    await bed.tick(MIN);
    await bed.tick(6 * MIN);
    expect(bed.cameraParents()[0]?.text).toMatch(/^Resolved/);
    expect(bed.replies(ALERTS, parent?.ts ?? '').map((r) => r.text)).toEqual([
      expect.stringMatching(/Snooze ended: .* healthy now/),
    ]);
    expect(JSON.stringify(bed.cameraParents()[0]?.blocks)).not.toContain('Snoozed by');
  });
});
