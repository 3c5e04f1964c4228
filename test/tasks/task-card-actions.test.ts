/**
 * Task card buttons and the edit modal end to end. PATCH bodies are checked in the sandbox's record of what it
 * received (only the changed fields); the card is updated in place and the change noted in its thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StoredMessage } from '../../src/slack-standin/index.ts';
import { checkBlockKitAndStop } from '../fixtures/block-kit.ts';
import { PLATFORM_SLOW_TEXT } from '../../src/tasks/slack/view-task-edit-submit.ts';
import { EDIT_OPEN_SLOW_TEXT } from '../../src/tasks/slack/action-task-edit.ts';
import { startHarness, waitFor, type Harness } from '../harness.ts';
import { cardFor, cardText, newView, openByCommand, option, tasksWritten } from './task-helpers.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => checkBlockKitAndStop(h));

const patches = () => h.sandbox.admin.written().patches;

async function createTask(
  name: string,
  siteText = 'berlin',
  extra: Record<string, string> = {},
): Promise<{ taskId: string; card: StoredMessage }> {
  const view = await openByCommand(h, `new ${name}`);
  const site = await option(h, view, 'task_site', siteText);
  const before = tasksWritten(h).length;
  await h.driver.viewSubmission({ view, values: { task_site: site, ...extra } });
  const [record] = await waitFor(() =>
    tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
  );
  const taskId = record!.taskId;
  // Wait for the refresh from GET /tasks (its creation time shows) so later updates compare with the platform's state.
  const card = await waitFor(() => {
    const c = cardFor(h, taskId);
    return c && cardText(c).includes('Created <!date^') ? c : undefined;
  });
  return { taskId, card };
}

function threadNotes(card: StoredMessage): StoredMessage[] {
  return h.standin.messages(card.channel).filter((m) => m.thread_ts === card.ts && m.ts !== card.ts);
}

describe('status buttons', () => {
  it('moves the task to Done: PATCH {statusId}, card updated in place, who did it noted in the thread', async () => {
    const { taskId, card } = await createTask('Replace the filter');
    const count = patches().length;
    await h.driver.blockAction({ actionId: 'task_status_done', message: card, channel: card.channel });
    const [patch] = await waitFor(() => (patches().length > count ? patches().slice(count) : null));
    expect(patch!.taskId).toBe(taskId);
    // Done's id (20) was learned from tasks seen in GET /tasks, never guessed.
    expect(patch!.body).toEqual({ statusId: '20' });
    await waitFor(() => cardText(cardFor(h, taskId)!).includes('*Status*\\nDone'));
    const note = await waitFor(() => threadNotes(card).find((m) => m.text.includes('Done')));
    expect(note.text).toContain('<@U0ANA>');
    expect(note.text).toContain('To Do → Done');
    expect(cardFor(h, taskId)!.ts).toBe(card.ts);
  });

  it('says "no change" when the platform reports nothing changed (card was stale)', async () => {
    const { taskId, card } = await createTask('Someone else finished it');
    h.sandbox.admin.updateTask(taskId, { statusId: '10' });
    const count = patches().length;
    await h.driver.blockAction({ actionId: 'task_status_onhold', message: card, channel: card.channel });
    const [patch] = await waitFor(() => (patches().length > count ? patches().slice(count) : null));
    expect(patch!.commentId).toBeNull();
    const notice = await waitFor(() =>
      h.standin
        .messages(card.channel)
        .find((m) => m.ephemeralTo === 'U0ANA' && m.text.startsWith('No change')),
    );
    expect(notice.text).toContain('Someone else finished it');
    await waitFor(() => cardText(cardFor(h, taskId)!).includes('*Status*\\nOn Hold'));
  });

  it('notes changes of a card that sits in a message thread in that same thread', async () => {
    const origin = h.standin.addMessage({ channel: 'C0GENERAL', text: 'Forklift battery swells' });
    const views = h.standin.views().length;
    await h.driver.messageShortcut('create_task_from_message', { channel: 'C0GENERAL', message: origin });
    const view = await newView(h, views);
    const site = await option(h, view, 'task_site', 'berlin');
    const before = tasksWritten(h).length;
    await h.driver.viewSubmission({ view, values: { task_site: site } });
    const [record] = await waitFor(() =>
      tasksWritten(h).length > before ? tasksWritten(h).slice(before) : null,
    );
    const card = await waitFor(() => cardFor(h, record!.taskId));
    expect(card.thread_ts).toBe(origin.ts);
    await h.driver.blockAction({ actionId: 'task_status_onhold', message: card, channel: card.channel });
    const note = await waitFor(() =>
      h.standin.messages('C0GENERAL').find((m) => m.thread_ts === origin.ts && m.text.includes('→ On Hold')),
    );
    expect(note.text).toContain('<@U0ANA>');
  });

  it('says what failed and what was not saved when the platform errors', async () => {
    const { card } = await createTask('Platform hiccup');
    h.sandbox.admin.inject({ endpoint: 'PATCH /task/{id}', status: 500 });
    await h.driver.blockAction({ actionId: 'task_status_onhold', message: card, channel: card.channel });
    const notice = await waitFor(() =>
      h.standin.messages(card.channel).find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes('Not saved')),
    );
    expect(notice.text).toContain('unavailable');
    expect(notice.text).toContain('set status to On Hold');
  });

  it('changes priority from the menu', async () => {
    const { taskId, card } = await createTask('Priority please');
    const count = patches().length;
    const menu = JSON.stringify(card.blocks);
    expect(menu).toContain(`${taskId}|15`);
    await h.driver.blockAction({
      actionId: 'task_priority',
      message: card,
      channel: card.channel,
      selectedOption: `${taskId}|15`,
    });
    const [patch] = await waitFor(() => (patches().length > count ? patches().slice(count) : null));
    expect(patch!.body).toEqual({ priorityId: '15' });
    await waitFor(() => threadNotes(card).find((m) => m.text.includes('priority')));
  });
});

describe('edit', () => {
  it('sends only the changed fields', async () => {
    const { taskId, card } = await createTask('Edit me', 'berlin', {
      task_priority_input: '10',
      task_description: 'same text',
    });
    const before = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_edit_open', message: card, channel: card.channel });
    const view = await newView(h, before, 'task_edit');
    const count = patches().length;
    const result = await h.driver.viewSubmission({
      view,
      values: { task_name: 'Edited name', task_due: '2031-05-06' },
    });
    expect(result.closed).toBe(true);
    const [patch] = await waitFor(() => (patches().length > count ? patches().slice(count) : null));
    expect(patch!.body).toEqual({ name: 'Edited name', dueDate: '2031-05-06' });
    await waitFor(() => cardText(cardFor(h, taskId)!).includes('Edited name'));
    await waitFor(() => threadNotes(card).find((m) => m.text.includes('renamed')));
  });

  it('tells the person when a reassignment did not take on the platform', async () => {
    const { taskId, card } = await createTask('Reassign me', 'sydney');
    const before = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_edit_open', message: card, channel: card.channel });
    const view = await newView(h, before, 'task_edit');
    const count = patches().length;
    // Ana (501) works at Berlin and São Paulo: the sandbox ignores her as assignee of a Sydney task.
    await h.driver.viewSubmission({ view, values: { task_assignee: 'U0ANA' } });
    const [patch] = await waitFor(() => (patches().length > count ? patches().slice(count) : null));
    expect(patch!.body).toEqual({ assigneeId: '501' });
    expect(patch!.ignored).toContain('assigneeId');
    const notice = await waitFor(() =>
      h.standin
        .messages(card.channel)
        .find((m) => m.ephemeralTo === 'U0ANA' && m.text.includes('did not take')),
    );
    expect(notice.text).toContain('Reassign me');
    expect(cardText(cardFor(h, taskId)!)).toContain('Unassigned');
  });

  it('keeps the modal open with a clear note when the platform is too slow to check the edit', async () => {
    const { taskId, card } = await createTask('Slow platform edit', 'berlin');
    const before = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_edit_open', message: card, channel: card.channel });
    const view = await newView(h, before, 'task_edit');
    // This person's own snapshot has expired: the task is read from the platform, which now takes 5 s.
    const seen = h.deps.store.namespace('task-seen');
    await Promise.all(['shared', 'person:T0FIELD:U0ANA'].map((scope) => seen.delete(`${scope}:${taskId}`)));
    h.sandbox.admin.inject({ endpoint: 'GET /tasks', latencyMs: 5_000, times: 5 });
    const count = patches().length;
    const result = await h.driver.viewSubmission({ view, values: { task_name: 'Never sent' } });
    expect(result.tooSlow).toBe(false);
    expect(result.errors?.task_name).toBe(PLATFORM_SLOW_TEXT);
    h.sandbox.admin.clearInjections();
    await h.app.whenIdle();
    expect(patches()).toHaveLength(count);
  });

  it('says so, and opens nothing, when the platform is too slow to read the task for Edit', async () => {
    const { taskId, card } = await createTask('Slow platform edit open', 'berlin');
    // This person's own snapshot has expired: Edit reads the task from the platform, which now takes 5 s.
    const seen = h.deps.store.namespace('task-seen');
    await Promise.all(['shared', 'person:T0FIELD:U0ANA'].map((scope) => seen.delete(`${scope}:${taskId}`)));
    h.sandbox.admin.inject({ endpoint: 'GET /tasks', latencyMs: 5_000, times: 5 });
    const before = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_edit_open', message: card, channel: card.channel });
    await waitFor(() =>
      h.standin
        .messages(card.channel)
        .find((m) => m.ephemeralTo === 'U0ANA' && m.text === EDIT_OPEN_SLOW_TEXT),
    );
    h.sandbox.admin.clearInjections();
    await h.app.whenIdle();
    expect(h.standin.views()).toHaveLength(before);
  });

  it('reassigns when the platform takes it', async () => {
    const { taskId, card } = await createTask('Berlin reassignment', 'berlin');
    const before = h.standin.views().length;
    await h.driver.blockAction({ actionId: 'task_edit_open', message: card, channel: card.channel });
    const view = await newView(h, before, 'task_edit');
    await h.driver.viewSubmission({ view, values: { task_assignee: 'U0ANA' } });
    await waitFor(() => cardText(cardFor(h, taskId)!).includes('ana.silva@plant.example'));
    await waitFor(() => threadNotes(card).find((m) => m.text.includes('reassigned')));
  });
});
