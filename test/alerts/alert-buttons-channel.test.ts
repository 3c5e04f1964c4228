/**
 * The alert buttons act on the conversation Slack signed (the payload's channel/container), never one named by a
 * value or block_id (issue 37). A copy of #alerts' incident parent, buttons and all, placed in #general: its
 * Acknowledge, Snooze and Create task reach nothing of #alerts.
 */
import { describe, expect } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { waitFor } from '../harness.ts';
import { textOf } from '../access/access-helpers.ts';
import { ALERTS, cameraTest as it, GENERAL, MIN, type AlertsBed } from './alerts-bed.ts';

/** Raises Gate Camera North's low battery in #alerts; returns its parent and a copy of it in #general. */
async function parentAndCopy(bed: AlertsBed): Promise<{ parent: StoredMessage; copy: StoredMessage }> {
  bed.setCamera({ battery: 15 });
  for (const ms of [MIN, 2 * MIN, MIN]) await bed.tick(ms);
  const parent = bed.cameraParents()[0]!;
  const copy = bed.h.standin.addMessage({
    channel: GENERAL,
    user: bed.h.standin.botUserId,
    text: parent.text,
    blocks: parent.blocks as never,
  });
  return { parent, copy };
}

async function press(
  bed: AlertsBed,
  copy: StoredMessage,
  actionId: string,
  option?: string,
): Promise<string> {
  const before = bed.h.standin.messages(GENERAL).length;
  const res = await bed.h.driver.blockAction({
    actionId,
    message: copy,
    channel: GENERAL,
    user: 'U0ANA',
    ...(option ? { selectedOption: option } : {}),
  });
  expect(res.status).toBe(200);
  return textOf(
    await waitFor(() =>
      bed.h.standin
        .messages(GENERAL)
        .slice(before)
        .find((m) => m.ephemeralTo === 'U0ANA'),
    ),
  );
}

describe("an alert's buttons copied into another conversation", () => {
  it("acknowledge, snooze and create task there touch nothing of #alerts' incident", async ({ bed }) => {
    const { parent, copy } = await parentAndCopy(bed);
    const subject = /"value":"([^"]+)"/.exec(JSON.stringify(parent.blocks))?.[1] ?? '';
    const views = bed.h.standin.views().length;
    expect(await press(bed, copy, 'alert_ack')).toContain('no longer tracked');
    expect(await press(bed, copy, 'alert_snooze', '4h')).toContain('no longer tracked');
    expect(await press(bed, copy, 'alert_create_task')).toContain('no longer tracked');
    await bed.h.app.whenIdle();
    const rs = alertStore(bed.h.deps.store);
    expect(await rs.ack(ALERTS, subject)).toBeUndefined();
    expect(await rs.snoozes(ALERTS)).toEqual({});
    expect(bed.h.standin.views()).toHaveLength(views);
    expect(JSON.stringify(bed.cameraParents()[0]?.blocks)).not.toMatch(/Acknowledged by|Snoozed by/);
  });
});
