/** Helpers for Home tab tests: open the tab through the stand-in's driver and read what was published. */
import { expect } from 'vitest';
import { validateView, type RecordedCall, type StoredView } from '../../src/slack-standin/index.ts';
import { waitFor, type Harness } from '../harness.ts';

export function publishesFor(h: Harness, user: string): RecordedCall[] {
  return h.standin.callsTo('views.publish').filter((c) => c.args.user_id === user);
}

/** The Home view currently shown to `user`. */
export function homeOf(h: Harness, user: string): StoredView | undefined {
  return h.standin.views().find((v) => v.type === 'home' && v.user === user && v.open);
}

export const homeText = (view: StoredView): string => JSON.stringify(view.blocks);

/** Opens the Home tab as `user` and waits for the filled view (the publish after the skeleton). */
export async function openHome(h: Harness, user: string): Promise<StoredView> {
  const before = publishesFor(h, user).length;
  const res = await h.driver.appHomeOpened({ user });
  expect(res.status).toBe(200);
  await waitFor(() => publishesFor(h, user).length >= before + 2, {
    message: `two views.publish calls for ${user}`,
  });
  const view = homeOf(h, user);
  if (!view) throw new Error(`no home view for ${user}`);
  expect(homeText(view)).not.toContain('Loading your tasks');
  return view;
}

/** Every Home view fieldline published passed Slack's checks and the Block Kit validator. */
export function expectValidHomeViews(h: Harness): number {
  const calls = h.standin.callsTo('views.publish');
  for (const call of calls) {
    expect(call.response.ok, `views.publish answered ${String(call.response.error)}`).toBe(true);
    expect(validateView(call.args.view)).toEqual([]);
  }
  return calls.length;
}

/** Action ids of the task buttons in a Home view, in order. */
export function taskButtonIds(view: StoredView): string[] {
  return [...homeText(view).matchAll(/"action_id":"home_task_open_(\d+)"/g)].map((m) => m[1] ?? '');
}
