/** Helpers for the task flow tests: open the create modal, fill it, find cards; Block Kit checks on everything. */
import { expect } from 'vitest';
import type { JsonObject, StoredMessage, StoredView } from '../../src/slack-standin/index.ts';
import { waitFor, type Harness } from '../harness.ts';
import { expectValidBlockKit as expectValidStandinCalls } from '../fixtures/block-kit.ts';
import { viewOpenedSince } from '../fixtures/opened-view.ts';

/** Every view and message fieldline sent must pass the stand-in's Block Kit checks. */
export function expectValidBlockKit(h: Harness): number {
  return expectValidStandinCalls(h.standin);
}

export async function newView(h: Harness, before: number, callbackId = 'task_create'): Promise<StoredView> {
  return viewOpenedSince(h, before, callbackId);
}

export async function openByCommand(
  h: Harness,
  text = '',
  channel = 'C0GENERAL',
  user?: string,
): Promise<StoredView> {
  const before = h.standin.views().length;
  const res = await h.driver.command({ command: '/task', text, channel, ...(user ? { user } : {}) });
  expect(res.status).toBe(200);
  return newView(h, before);
}

/** The first option the app offers for an external select in the view. */
export async function option(
  h: Harness,
  view: StoredView,
  actionId: string,
  value = '',
): Promise<JsonObject> {
  const res = await h.driver.blockSuggestion({ actionId, value, view });
  const body = res.body as { options?: JsonObject[] };
  expect(body.options?.length ?? 0, `options for ${actionId} "${value}"`).toBeGreaterThan(0);
  return body.options![0]!;
}

/**
 * Sets what the person has picked so far in an open modal. Slack sends these in-progress selections in the
 * view state of block_suggestion requests; the stand-in sends its stored view's state, so the test sets it.
 */
export function pickInView(h: Harness, view: StoredView, values: Record<string, JsonObject>): StoredView {
  const stored = h.standin.view(view.id);
  if (!stored) throw new Error(`no stored view ${view.id}`);
  const state: Record<string, Record<string, JsonObject>> = {};
  for (const [id, v] of Object.entries(values))
    state[id] = { [id]: { type: 'external_select', selected_option: v } };
  stored.state = { values: state };
  return stored;
}

export function cards(h: Harness, channel?: string): StoredMessage[] {
  return h.standin
    .messages(channel)
    .filter((m) =>
      (m.blocks ?? []).some((b) => String((b as JsonObject).block_id ?? '').startsWith('task_card_')),
    );
}

export function cardFor(h: Harness, taskId: string): StoredMessage | undefined {
  return h.standin
    .messages()
    .find(
      (m) =>
        (m.blocks ?? []).some((b) => (b as JsonObject).block_id === `task_card_${taskId}`) && !m.ephemeralTo,
    );
}

export function cardText(message: StoredMessage): string {
  return JSON.stringify(message.blocks);
}

export function tasksWritten(h: Harness) {
  return h.sandbox.admin.written().tasks;
}

/** Runs `/task <text>` in #general as `user` and waits for the answer shown only to them. */
export async function listReply(h: Harness, text: string, user = 'U0ANA'): Promise<StoredMessage> {
  const count = h.standin.messages('C0GENERAL').length;
  await h.driver.command({ command: '/task', text, channel: 'C0GENERAL', user });
  return waitFor(() =>
    h.standin
      .messages('C0GENERAL')
      .slice(count)
      .find((m) => m.ephemeralTo === user),
  );
}

/** The task ids a `/task list` page shows (its Card buttons' values). */
export function listed(message: StoredMessage): string[] {
  return (message.blocks ?? []).flatMap((b) => {
    const accessory = (b as { accessory?: JsonObject }).accessory;
    return accessory && typeof accessory.value === 'string' ? [accessory.value] : [];
  });
}

export const moreButton = (m: StoredMessage) => JSON.stringify(m.blocks).includes('"task_list_more"');

/** Clicks More on `page` and waits for the same message (ephemeral to `to`, when given) showing other blocks. */
export async function nextPage(h: Harness, page: StoredMessage, to?: string): Promise<StoredMessage> {
  const shownBefore = JSON.stringify(page.blocks);
  await h.driver.blockAction({ actionId: 'task_list_more', message: page, channel: 'C0GENERAL' });
  return waitFor(() =>
    h.standin
      .messages('C0GENERAL')
      .find(
        (m) =>
          (to === undefined || m.ephemeralTo === to) &&
          m.ts === page.ts &&
          JSON.stringify(m.blocks) !== shownBefore,
      ),
  );
}
