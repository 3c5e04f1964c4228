/**
 * A task made from a critical alert starts with High priority (issue 38), whether from the parent's Create task
 * button or from "Create task from message" on it — prefill only. The shortcut finds the alert by the record of
 * the channel it was used in whose message is this one: a copy of the parent elsewhere prefills nothing of it.
 */
import { describe, expect } from 'vitest';
import type { StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { viewOpenedSince } from '../fixtures/opened-view.ts';
import { ALERTS, cameraTest as it, GENERAL, MIN, type AlertsBed } from './alerts-bed.ts';

/** Raises a condition of Gate Camera North in #alerts and returns its parent. */
async function raise(bed: AlertsBed, fault: Parameters<AlertsBed['setCamera']>[0]): Promise<StoredMessage> {
  bed.setCamera(fault);
  for (const ms of [MIN, 2 * MIN, MIN]) await bed.tick(ms);
  return bed.cameraParents()[0]!;
}

async function shortcutOn(bed: AlertsBed, message: StoredMessage): Promise<StoredView> {
  const before = bed.h.standin.views().length;
  await bed.h.driver.messageShortcut('create_task_from_message', {
    channel: message.channel,
    message,
    user: 'U0ANA',
  });
  return viewOpenedSince(bed.h, before, 'task_create');
}

/** The value of an input's initial option in the create modal, if any. */
function initial(view: StoredView, blockId: string): string | undefined {
  const block = view.blocks.find((b) => b.block_id === blockId) as
    { element?: { initial_option?: { value?: string } } } | undefined;
  return block?.element?.initial_option?.value;
}

describe('a task from an alert', () => {
  it('from a critical alert (offline): High priority, its device and site, by button or shortcut', async ({
    bed,
  }) => {
    const parent = await raise(bed, { onLine: false });
    expect(parent.text).toMatch(/^Critical/);
    const byShortcut = await shortcutOn(bed, parent);
    expect(initial(byShortcut, 'task_priority_input')).toBe('15');
    expect(initial(byShortcut, 'task_site')).toBe('101');
    expect(initial(byShortcut, 'task_device')).toMatch(/^\d+\|101$/);

    const before = bed.h.standin.views().length;
    await bed.h.driver.blockAction({
      actionId: 'alert_create_task',
      message: parent,
      channel: ALERTS,
      user: 'U0ANA',
    });
    const byButton = await viewOpenedSince(bed.h, before, 'task_create');
    expect(initial(byButton, 'task_priority_input')).toBe('15');
  });

  it('a warning suggests no priority; a copy of the parent in another channel prefills nothing of it', async ({
    bed,
  }) => {
    const parent = await raise(bed, { battery: 15 });
    expect(parent.text).toMatch(/^Warning/);
    expect(initial(await shortcutOn(bed, parent), 'task_priority_input')).toBeUndefined();

    const critical = await raise(bed, { battery: 15, onLine: false });
    const copy = bed.h.standin.addMessage({
      channel: GENERAL,
      user: bed.h.standin.botUserId,
      text: critical.text,
      blocks: critical.blocks as never,
    });
    const view = await shortcutOn(bed, copy);
    expect(initial(view, 'task_priority_input')).toBeUndefined();
    expect(initial(view, 'task_device')).toBeUndefined();
  });
});
