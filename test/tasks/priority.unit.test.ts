/**
 * One priority table (contract: "Task priority: 5 Low, 10 Medium, 15 High") feeds every list, name, keyword and
 * rank: the card's menu, the modals, built tasks, `/task list priority …` and `/monitor … priority …`.
 */
import { describe, expect, it } from 'vitest';
import {
  TASK_PRIORITIES,
  meetsPriority,
  priorityByKeyword,
  priorityName,
  priorityRank,
} from '../../src/tasks/index.ts';
import { taskFromCreate } from '../../src/tasks/rules/build.ts';
import { renderTaskCard } from '../../src/tasks/render/task-card.ts';
import { renderEditTaskModal } from '../../src/tasks/render/task-edit-modal.ts';
import { parseListArgs } from '../../src/tasks/rules/parse-command.ts';
import { planChannelTasks } from '../../src/alerts/rules/plan-tasks.ts';
import { parseMonitorCommand } from '../../src/alerts/rules/monitor-parse.ts';
import { snapshotTask } from '../../src/alerts/rules/task-snapshot.ts';
import type { StatusLookup } from '../../src/directory/index.ts';
import { makeTask } from '../fixtures/task.ts';

const statuses: StatusLookup = { idFor: () => '5', nameFor: () => 'To Do', all: () => [] };

describe('the priority table', () => {
  it('holds the contract ids, highest first, with a name and a keyword each', () => {
    expect(TASK_PRIORITIES.map((p) => [p.id, p.name, p.keyword])).toEqual([
      ['15', 'High', 'high'],
      ['10', 'Medium', 'medium'],
      ['5', 'Low', 'low'],
    ]);
    expect(priorityName('10')).toBe('Medium');
    expect(priorityName('7')).toBeUndefined();
    expect(priorityByKeyword(' LOW ')?.id).toBe('5');
    expect(priorityByKeyword('urgent')).toBeUndefined();
  });

  it('ranks high over medium over low, and no or an unknown priority below all', () => {
    expect(['15', '10', '5', null, '7'].map(priorityRank)).toEqual([3, 2, 1, 0, 0]);
    expect(meetsPriority('medium', '15')).toBe(true);
    expect(meetsPriority('medium', '10')).toBe(true);
    expect(meetsPriority('medium', '5')).toBe(false);
    expect(meetsPriority('low', null)).toBe(false);
    expect(meetsPriority(null, null)).toBe(true);
  });
});

describe('everything that shows or reads a priority uses the table', () => {
  it('the card menu and the edit modal offer High, Medium, Low in that order', () => {
    const task = makeTask({ id: '42' });
    const optionsOf = (blocks: unknown[], actionId: string): [string, string][] => {
      const parsed = JSON.parse(JSON.stringify(blocks)) as {
        element?: { action_id?: string; options?: { text: { text: string }; value: string }[] };
        elements?: { action_id?: string; options?: { text: { text: string }; value: string }[] }[];
      }[];
      const all = parsed.flatMap((b) => [...(b.elements ?? []), ...(b.element ? [b.element] : [])]);
      const menu = all.find((e) => e.action_id === actionId);
      return (menu?.options ?? []).map((o) => [o.text.text, o.value]);
    };
    const card = renderTaskCard(task, { timeZone: null, statuses, nowMs: Date.now() });
    expect(optionsOf(card.blocks, 'task_priority')).toEqual([
      ['High', '42|15'],
      ['Medium', '42|10'],
      ['Low', '42|5'],
    ]);
    const modal = renderEditTaskModal(task, { taskId: '42' });
    expect(optionsOf(modal.blocks, 'task_priority_input')).toEqual([
      ['High', '15'],
      ['Medium', '10'],
      ['Low', '5'],
    ]);
  });

  it('a task built from what was sent gets the priority’s name', () => {
    const built = taskFromCreate(
      '9',
      { name: 'n', siteId: '101', typeId: '1', priorityId: '5' },
      {
        site: { id: '101', name: null, channelId: null },
        device: null,
        assignee: null,
        statusName: () => 'To Do',
        nowIso: '',
      },
    );
    expect(built.priority).toEqual({ id: '5', name: 'Low' });
  });

  it('/task list and /monitor accept the same keywords', () => {
    expect(parseListArgs('priority Medium')).toEqual({
      ok: true,
      request: { scope: 'open', priorityId: '10' },
    });
    expect(parseMonitorCommand('subscribe tasks priority Medium')).toMatchObject({ priority: 'medium' });
    expect(parseMonitorCommand('subscribe tasks priority urgent')).toMatchObject({ kind: 'invalid' });
  });

  it('a /monitor task subscription passes tasks of its priority and up', () => {
    const sub = { siteIds: null, siteNames: [], minPriority: 'medium' as const, since: 0, primed: true };
    const change = (id: string, priorityId: string) => ({
      taskId: id,
      snapshot: snapshotTask(makeTask({ id, priority: { id: priorityId, name: null } }), 0, 'UTC'),
      events: [{ kind: 'created' as const }],
    });
    const planned = planChannelTasks(sub, [change('1', '15'), change('2', '10'), change('3', '5')]);
    expect(planned.map((d) => d.subject)).toEqual(['task:1', 'task:2']);
  });
});
