/**
 * Creating tasks end to end: signed Slack requests from the stand-in's driver, the sandbox as the platform.
 * The sandbox's record of POST /task/ bodies proves the contract; the stand-in's messages prove the card.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHarness, waitFor, type Harness } from '../../harness.ts';
import { cardFor, cardText, expectValidBlockKit, openByCommand, option, tasksWritten, withState } from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  expectValidBlockKit(h);
  await h?.stop();
});

describe('create by /task', () => {
  it('opens the modal prefilled by /task new and creates the task with a strict body, card in the channel', async () => {
    const view = await openByCommand(h, 'new Leaking valve on pump 3');
    const name = view.blocks.find((b) => b.block_id === 'task_name') as { element: { initial_value?: string } };
    expect(name.element.initial_value).toBe('Leaking valve on pump 3');
    const site = await option(h, view, 'task_site', 'berlin');
    expect(site).toMatchObject({ value: '101' });
    const before = tasksWritten(h).length;
    const result = await h.driver.viewSubmission({
      view,
      values: { task_site: site, task_priority_input: '15', task_description: 'Drips <!channel> & more' },
    });
    expect(result.closed).toBe(true);
    const [record] = await waitFor(() => (tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null));
    expect(record!.body).toEqual({
      name: 'Leaking valve on pump 3',
      siteId: '101',
      typeId: '1',
      priorityId: '15',
      statusId: '5',
      description: 'Drips <!channel> & more',
      toChannelId: '7101',
    });
    const card = await waitFor(() => cardFor(h, record!.taskId));
    expect(card.channel).toBe('C0GENERAL');
    expect(cardText(card)).toContain('Leaking valve on pump 3');
    expect(cardText(card)).toContain('Berlin Plant');
  });
});
