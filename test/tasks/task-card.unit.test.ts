/** The task card renderer: escaped platform text, Block Kit limits, status buttons and their ids. */
import { describe, expect, it } from 'vitest';
import type { Task } from '../../src/monitoring/api.ts';
import { validateBlocks } from '../../src/slack-standin/index.ts';
import { renderTaskCard } from '../../src/tasks/render/task-card.ts';
import { renderTaskList } from '../../src/tasks/render/task-list.ts';
import type { StatusLookup } from '../../src/directory/index.ts';
import { makeTask } from '../fixtures/task.ts';

function statuses(pairs: Record<string, string>): StatusLookup {
  return {
    idFor: (name) => pairs[name],
    nameFor: (id) => Object.entries(pairs).find(([, v]) => v === id)?.[0],
    all: () => Object.entries(pairs).map(([name, id]) => ({ id, name })),
  };
}
const ALL = statuses({ 'To Do': '5', 'On Hold': '10', Done: '20', Cancelled: '25' });

function task(over: Partial<Task> = {}): Task {
  return makeTask({
    dueDate: '2026-11-25',
    assignee: {
      id: '501',
      firstName: 'Ana',
      lastName: 'Silva',
      name: 'Ana Silva',
      email: 'ana.silva@plant.example',
      username: null,
      channelId: null,
      image: null,
    },
    device: { id: '1001', name: 'Main Energy Meter' },
    type: { id: '3', name: 'Data source' },
    postId: 90001,
    ...over,
  });
}

const json = (v: unknown) => JSON.stringify(v);
/** 2026-11-20 12:00 UTC: a task due 2026-11-25 is five days off. */
const NOW = Date.UTC(2026, 10, 20, 12, 0);

describe('renderTaskCard', () => {
  it('shows every field and passes the Block Kit checks', () => {
    const card = renderTaskCard(task(), { timeZone: 'Europe/Berlin', statuses: ALL, nowMs: NOW });
    expect(validateBlocks(card.blocks, 'message')).toEqual([]);
    const text = json(card.blocks);
    for (const part of [
      'Replace gasket',
      'To Do',
      'High',
      '2026-11-25',
      'Europe/Berlin',
      'Ana Silva',
      'Berlin Plant',
      'Main Energy Meter',
    ]) {
      expect(text).toContain(part);
    }
  });

  it('speaks operator words: no task, feed post or type ids on the card', () => {
    const card = renderTaskCard(task(), { timeZone: 'Europe/Berlin', statuses: ALL, nowMs: NOW });
    const text = json(card.blocks) + card.text;
    expect(text).not.toMatch(/task 3001|feed post|90001|data source task/);
    expect(text).not.toContain('Cancel task 3001');
  });

  it('says when the task was created, in the reader’s own time, once the platform’s copy says so', () => {
    const created = task({ auditInfo: { createdDate: '2026-11-20T08:00:00.000Z' } });
    const text = json(
      renderTaskCard(created, { timeZone: 'Europe/Berlin', statuses: ALL, nowMs: NOW }).blocks,
    );
    expect(text).toContain(
      `Created <!date^${Date.UTC(2026, 10, 20, 8) / 1000}^{date_short_pretty} {time}|2026-11-20 08:00 UTC> your time`,
    );
    expect(json(renderTaskCard(task(), { timeZone: null, statuses: ALL, nowMs: NOW }).blocks)).not.toContain(
      'Created',
    );
  });

  it('escapes platform text so <!channel> and mentions ping nobody', () => {
    const card = renderTaskCard(
      task({
        name: '<!channel> leak & <@U123>',
        site: { id: '1', name: '<!here>', channelId: null },
        device: { id: '2', name: '*bold* <b>' },
      }),
      { timeZone: null, statuses: ALL, nowMs: NOW },
    );
    const text = json(card.blocks) + card.text;
    expect(text).not.toContain('<!channel>');
    expect(text).not.toContain('<!here>');
    expect(text).not.toContain('<@U123>');
    expect(text).toContain('&lt;!channel&gt; leak &amp; &lt;@U123&gt;');
    expect(validateBlocks(card.blocks, 'message')).toEqual([]);
  });

  it('keeps a 10,000-character name within Block Kit limits', () => {
    const name = '<'.repeat(5000) + 'x'.repeat(5000);
    const card = renderTaskCard(task({ name, description: name }), {
      timeZone: 'UTC',
      statuses: ALL,
      nowMs: NOW,
    });
    expect(validateBlocks(card.blocks, 'message')).toEqual([]);
    expect(card.text.length).toBeLessThanOrEqual(3000);
  });

  it('offers the other statuses; Cancel asks for confirmation', () => {
    const card = renderTaskCard(task(), { timeZone: null, statuses: ALL, nowMs: NOW });
    const actions = card.blocks.find((b) => b.type === 'actions') as unknown as {
      elements: { action_id: string; confirm?: unknown; value?: string }[];
    };
    const ids = actions.elements.map((e) => e.action_id);
    expect(ids).toEqual([
      'task_status_onhold',
      'task_status_done',
      'task_photos_open',
      'task_status_cancelled',
      'task_priority',
      'task_edit_open',
    ]);
    expect(actions.elements.find((e) => e.action_id === 'task_status_cancelled')?.confirm).toBeDefined();
    expect(actions.elements[0]?.value).toBe('3001');
  });

  it('marks a status with an unknown id unavailable and explains why', () => {
    const card = renderTaskCard(task(), {
      timeZone: null,
      statuses: statuses({ 'To Do': '5', Cancelled: '25' }),
      nowMs: NOW,
    });
    const text = json(card.blocks);
    expect(text).toContain('On Hold (unavailable)');
    expect(text).toContain('Done (unavailable)');
    expect(text).toContain("On Hold and Done aren't available yet");
    expect(text).toContain('TASK_STATUS_IDS');
    expect(validateBlocks(card.blocks, 'message')).toEqual([]);
  });

  it('shows the due date in site time and the end of that day as a viewer-local Slack date', () => {
    // 2026-11-25 23:59 in Berlin (UTC+1) = 22:59 UTC
    const epoch = Date.UTC(2026, 10, 25, 22, 59) / 1000;
    const text = json(
      renderTaskCard(task(), { timeZone: 'Europe/Berlin', statuses: ALL, nowMs: NOW }).blocks,
    );
    expect(text).toContain('2026-11-25 (Europe/Berlin time)');
    expect(text).toContain(
      `due by <!date^${epoch}^{date_short_pretty} {time}|2026-11-25 23:59 Europe/Berlin> your time`,
    );
    expect(text).not.toContain('Overdue');
  });

  it('marks a task due yesterday overdue, like the alerts’ task messages, and says when it was due', () => {
    // Chicago (UTC−6): due 2026-11-19 ended at 05:59 UTC on the 20th; it is 12:00 UTC on the 20th.
    const card = renderTaskCard(task({ dueDate: '2026-11-19' }), {
      timeZone: 'America/Chicago',
      statuses: ALL,
      nowMs: NOW,
    });
    const due = json(card.blocks);
    const epoch = Date.UTC(2026, 10, 20, 5, 59) / 1000;
    expect(due).toContain(':warning: *Overdue* — 2026-11-19 (America/Chicago time)');
    expect(due).toContain(`was due by <!date^${epoch}^`);
    expect(due).not.toContain('\\ndue by');
    expect(validateBlocks(card.blocks, 'message')).toEqual([]);
  });

  it('says the day is counted in UTC when the site’s zone is unknown, and — without a due date', () => {
    const unknown = json(renderTaskCard(task(), { timeZone: null, statuses: ALL, nowMs: NOW }).blocks);
    expect(unknown).toContain('UTC — the site’s time zone is unknown');
    const none = json(
      renderTaskCard(task({ dueDate: null }), { timeZone: 'UTC', statuses: ALL, nowMs: NOW }).blocks,
    );
    expect(none).toContain('*Due*\\n—');
  });

  it('says Unassigned and None where the platform has nothing', () => {
    const text = json(
      renderTaskCard(task({ assignee: null, priority: null, device: null }), {
        timeZone: null,
        statuses: ALL,
        nowMs: NOW,
      }).blocks,
    );
    expect(text).toContain('Unassigned');
    expect(text).toContain('*Priority*\\nNone');
  });
});

describe('names with formatting characters', () => {
  it('shows a task named *bold* pump with its asterisks, in one bold title, in card and list', () => {
    const card = renderTaskCard(task({ name: '*bold* pump' }), { timeZone: null, statuses: ALL, nowMs: NOW });
    const title = (card.blocks[0] as unknown as { text: { text: string } }).text.text;
    expect(title).toBe(':clipboard: *∗bold∗ pump*');
    const list = renderTaskList({
      title: 'Open tasks',
      tasks: [task({ name: '*bold* pump' })],
      next: null,
      shownBefore: 0,
    });
    expect(JSON.stringify(list.blocks)).toContain('*∗bold∗ pump*');
  });
});
