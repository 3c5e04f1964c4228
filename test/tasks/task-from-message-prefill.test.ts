/**
 * "Create task from message" prefills the site when the person's key sees exactly one (issue 38): Ben (Chicago
 * Works only) gets it, Ana (every site) chooses. Prefill only: the submission is still checked with his key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredView } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { newView, tasksWritten } from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ links: 'local' });
});
afterAll(() => checkBlockKitAndStop(h));

async function fromMessage(user: string): Promise<StoredView> {
  const message = h.standin.addMessage({ channel: 'C0GENERAL', text: 'Dock door 4 sticks halfway' });
  const before = h.standin.views().length;
  await h.driver.messageShortcut('create_task_from_message', { channel: 'C0GENERAL', message, user });
  return newView(h, before);
}

const siteOption = (view: StoredView) =>
  (
    view.blocks.find((b) => b.block_id === 'task_site') as {
      element?: { initial_option?: { value: string; text: { text: string } } };
    }
  )?.element?.initial_option;

describe('Create task from message: the site', () => {
  it('is prefilled for Ben, whose key sees one site, and the task is created there', async () => {
    const view = await fromMessage('U0BEN');
    expect(siteOption(view)).toMatchObject({ value: '102', text: { text: 'Chicago Works' } });
    const before = tasksWritten(h).length;
    // Submitted as prefilled: nothing else chosen.
    await h.driver.viewSubmission({ view, user: 'U0BEN' });
    const [record] = await waitFor(() =>
      tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
    );
    expect(record?.body.siteId).toBe('102');
  });

  it('is left to choose for Ana, whose key sees every site', async () => {
    expect(siteOption(await fromMessage('U0ANA'))).toBeUndefined();
  });

  it('still checks the submission with the person’s key: a site value forged into Ben’s form is refused', async () => {
    const view = await fromMessage('U0BEN');
    const before = tasksWritten(h).length;
    const res = await h.driver.viewSubmission({
      view,
      user: 'U0BEN',
      values: { task_site: { text: { type: 'plain_text', text: 'Berlin Plant' }, value: '101' } },
    });
    await h.app.whenIdle();
    expect(
      tasksWritten(h)
        .slice(before)
        .filter((t) => t.body.siteId === '101'),
    ).toEqual([]);
    expect(res.status).toBe(200);
    const told = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find((m) => m.ephemeralTo === 'U0BEN' && m.text.includes('was not created')),
    );
    expect(told.text).toContain('You have no access to the site of that task');
  });
});
