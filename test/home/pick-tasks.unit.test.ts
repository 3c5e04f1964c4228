/** Which open tasks the Home tab lists, and in what order. Pure. */
import { describe, expect, it } from 'vitest';
import { pickHomeTasks } from '../../src/home/rules/pick-tasks.ts';
import { makeTask } from '../fixtures/task.ts';

const NOW = Date.parse('2026-11-20T20:00:00Z');
const utc = () => null;

describe('pickHomeTasks', () => {
  it('lists overdue tasks first, then by due date, then tasks without one', () => {
    const picked = pickHomeTasks(
      [
        makeTask({ id: '1', dueDate: null }),
        makeTask({ id: '2', dueDate: '2026-12-01' }),
        makeTask({ id: '3', dueDate: '2026-11-10' }),
        makeTask({ id: '4', dueDate: '2026-11-25' }),
        makeTask({ id: '5', dueDate: '2026-11-01' }),
      ],
      NOW,
      utc,
      10,
    );
    expect(picked.map((p) => [p.task.id, p.overdue])).toEqual([
      ['5', true],
      ['3', true],
      ['4', false],
      ['2', false],
      ['1', false],
    ]);
  });

  it("judges overdue by the calendar day at the task's site", () => {
    // 20:00 UTC on the 20th is already the 21st in Sydney: a task due on the 20th is overdue there only.
    const due20 = [
      makeTask({ id: '7', dueDate: '2026-11-20', site: { id: '105', name: 'Sydney', channelId: null } }),
    ];
    expect(pickHomeTasks(due20, NOW, utc, 10)[0]?.overdue).toBe(false);
    expect(
      pickHomeTasks(due20, NOW, (site) => (site === '105' ? 'Australia/Sydney' : null), 10)[0]?.overdue,
    ).toBe(true);
  });

  it('leaves out closed and repeated tasks and keeps to the limit', () => {
    const tasks = [
      makeTask({ id: '1', status: { id: '20', name: 'Done' } }),
      makeTask({ id: '2', status: { id: '25', name: 'Cancelled' } }),
      makeTask({ id: '3', doneDate: '2026-11-19' }),
      ...Array.from({ length: 30 }, (_, i) => makeTask({ id: String(100 + i) })),
      makeTask({ id: '100' }),
    ];
    const picked = pickHomeTasks(tasks, NOW, utc, 10);
    expect(picked).toHaveLength(10);
    expect(new Set(picked.map((p) => p.task.id)).size).toBe(10);
    expect(picked.map((p) => p.task.id)).not.toContain('1');
    expect(picked.map((p) => p.task.id)).not.toContain('2');
    expect(picked.map((p) => p.task.id)).not.toContain('3');
  });
});
