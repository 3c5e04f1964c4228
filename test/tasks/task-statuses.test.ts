/**
 * Status ids the contract hides (On Hold, Done) are learned from tasks the platform shows, or configured —
 * never guessed. With a seed whose tasks are only To Do and On Hold, Done stays unavailable and says why.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { cardFor, cardText, openByCommand, option, tasksWritten } from './task-helpers.ts';

async function createCard(h: Harness, name: string) {
  const view = await openByCommand(h, `new ${name}`);
  const site = await option(h, view, 'task_site', 'berlin');
  const before = tasksWritten(h).length;
  await h.driver.viewSubmission({ view, values: { task_site: site } });
  const [record] = await waitFor(() =>
    tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
  );
  return { taskId: record!.taskId, card: await waitFor(() => cardFor(h, record!.taskId)) };
}

describe('a status nobody has seen', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ seed: { tasks: 2 } });
  });
  afterAll(() => checkBlockKitAndStop(h));

  it('shows Done unavailable with an explanation and sends no PATCH when it is clicked', async () => {
    const { card } = await createCard(h, 'Cannot be done yet');
    const text = cardText(card);
    expect(text).toContain('Done (unavailable)');
    expect(text).toContain("hasn't seen a Done task");
    expect(text).toContain('TASK_STATUS_IDS');
    expect(text).not.toContain('On Hold (unavailable)');
    const patches = h.sandbox.admin.written().patches.length;
    await h.driver.blockAction({ actionId: 'task_status_done', message: card, channel: card.channel });
    const notice = await waitFor(() =>
      h.standin.messages(card.channel).find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes('Done isn')),
    );
    expect(notice.text).toContain('TASK_STATUS_IDS');
    expect(h.sandbox.admin.written().patches.length).toBe(patches);
  });

  it('offers only statuses with known ids in the create modal', async () => {
    const view = await openByCommand(h, 'new Which statuses');
    const status = view.blocks.find((b) => b.block_id === 'task_status_input') as {
      element: { options: { value: string }[] };
    };
    const ids = status.element.options.map((o) => o.value);
    expect(ids).toContain('5');
    expect(ids).not.toContain('20');
    expect(ids).not.toContain('25');
  });
});

describe('a status id set by configuration', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness({ seed: { tasks: 2 }, configOverrides: { TASK_STATUS_IDS: 'Done=20' } });
  });
  afterAll(() => checkBlockKitAndStop(h));

  it('uses TASK_STATUS_IDS for Done', async () => {
    const { taskId, card } = await createCard(h, 'Done by configuration');
    expect(cardText(card)).not.toContain('unavailable');
    const count = h.sandbox.admin.written().patches.length;
    await h.driver.blockAction({ actionId: 'task_status_done', message: card, channel: card.channel });
    const patch = await waitFor(() => h.sandbox.admin.written().patches[count]);
    expect(patch.body).toEqual({ statusId: '20' });
    await waitFor(() => cardText(cardFor(h, taskId)!).includes('*Status*\\nDone'));
  });

  it('changes an ephemeral card from /task list through its response_url', async () => {
    const count = h.standin.messages('C0GENERAL').length;
    await h.driver.command({ command: '/task', text: 'list', channel: 'C0GENERAL' });
    const list = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .slice(count)
        .find((m) => m.ephemeralTo === 'U0ANA'),
    );
    const first = (list.blocks ?? []).find((b) => JSON.stringify(b).includes('task_show_card_')) as {
      accessory: { action_id: string; value: string };
    };
    await h.driver.blockAction({ actionId: first.accessory.action_id, message: list, channel: 'C0GENERAL' });
    const card = await waitFor(() =>
      h.standin
        .messages('C0GENERAL')
        .find(
          (m) =>
            m.ephemeralTo === 'U0ANA' &&
            JSON.stringify(m.blocks).includes(`task_card_${first.accessory.value}`),
        ),
    );
    const patches = h.sandbox.admin.written().patches.length;
    const target = JSON.stringify(card.blocks).includes('task_status_onhold') ? 'onhold' : 'todo';
    await h.driver.blockAction({ actionId: `task_status_${target}`, message: card, channel: 'C0GENERAL' });
    await waitFor(() => h.sandbox.admin.written().patches.length > patches);
    const label = target === 'onhold' ? 'On Hold' : 'To Do';
    await waitFor(() => {
      const now = h.standin.messages('C0GENERAL').find((m) => m.ts === card.ts);
      return now && JSON.stringify(now.blocks).includes(`*Status*\\n${label}`);
    });
  });
});
