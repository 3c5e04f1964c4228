/**
 * The one rule for open, closed (done or cancelled) and overdue tasks. It replaced two that disagreed: the task
 * list went by status name only (a task with status id 25 and no name stayed "open"), the relay by id 25 and the
 * exact name "done" (a "Canceled" task stayed "open"). The list, the Home tab and the relay now agree.
 */
import { describe, expect, it } from 'vitest';
import { closedAs, isOpen, isOverdue, isOverdueOn, statusClosure, todayAt } from '../../src/tasks/index.ts';
import { snapshotTask } from '../../src/alerts/rules/task-snapshot.ts';
import { diffTask } from '../../src/alerts/rules/task-diff.ts';
import { pickHomeTasks } from '../../src/home/rules/pick-tasks.ts';
import type { Task } from '../../src/monitoring/api.ts';
import { makeTask } from '../fixtures/task.ts';

const status = (id: string, name: string | null) => ({ status: { id, name } });

describe('closed or open', () => {
  it.each([
    ['To Do', status('5', 'To Do'), null],
    ['On Hold', status('10', 'On Hold'), null],
    ['status 25 without a name (contract: 25 Cancelled)', status('25', null), 'cancelled'],
    ['Cancelled', status('25', 'Cancelled'), 'cancelled'],
    ['"Canceled" under an id the contract does not name', status('30', 'Canceled'), 'cancelled'],
    ['Done (no published id: known by name)', status('20', 'Done'), 'done'],
    ['"DONE" with other spacing and case', status('20', ' DONE '), 'done'],
  ] as const)('%s', (_label, over, expected) => {
    expect(statusClosure(over.status)).toBe(expected);
    expect(closedAs(makeTask(over))).toBe(expected);
    expect(isOpen(makeTask(over))).toBe(expected === null);
  });

  it('takes a doneDate as done whatever the status name, but a cancelled status stays cancelled', () => {
    expect(closedAs(makeTask({ ...status('10', 'On Hold'), doneDate: '2026-11-20' }))).toBe('done');
    expect(closedAs(makeTask({ ...status('25', 'Cancelled'), doneDate: '2026-11-20' }))).toBe('cancelled');
  });
});

describe('overdue', () => {
  const lateEveningUtc = Date.UTC(2026, 10, 21, 22, 30); // already 22 November in Sydney

  it('is an open task whose due day has ended at the site', () => {
    expect(isOverdue(makeTask({ dueDate: '2026-11-21' }), lateEveningUtc, 'Australia/Sydney')).toBe(true);
    expect(isOverdue(makeTask({ dueDate: '2026-11-21' }), lateEveningUtc, 'America/Chicago')).toBe(false);
    expect(isOverdue(makeTask({ dueDate: '2026-11-20' }), lateEveningUtc, null)).toBe(true);
  });

  it('judges the same against the site’s today worked out once (the list’s way)', () => {
    const today = todayAt(lateEveningUtc);
    for (const zone of ['Australia/Sydney', 'America/Chicago', null])
      for (const task of [
        makeTask({ dueDate: '2026-11-21' }),
        makeTask({ dueDate: '2026-11-20' }),
        makeTask({ dueDate: null }),
        makeTask({ ...status('25', null), dueDate: '2026-01-01' }),
      ])
        expect(isOverdueOn(task, today(zone)), `${zone} ${task.dueDate}`).toBe(
          isOverdue(task, lateEveningUtc, zone),
        );
    expect(isOverdueOn(makeTask({ dueDate: '2026-11-21' }), today('Australia/Sydney'))).toBe(true);
  });

  it('is never a closed or undated task', () => {
    expect(isOverdue(makeTask({ dueDate: null }), lateEveningUtc, 'UTC')).toBe(false);
    expect(isOverdue(makeTask({ ...status('25', null), dueDate: '2026-01-01' }), lateEveningUtc, 'UTC')).toBe(
      false,
    );
    expect(
      isOverdue(makeTask({ dueDate: '2026-01-01', doneDate: '2026-01-02' }), lateEveningUtc, 'UTC'),
    ).toBe(false);
  });
});

describe('every feature decides with the same rule', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0);
  const tasks: Task[] = [
    makeTask({ id: '1', dueDate: '2026-11-01' }),
    makeTask({ id: '2', ...status('25', null), dueDate: '2026-11-01' }),
    makeTask({ id: '3', ...status('30', 'Canceled') }),
    makeTask({ id: '4', ...status('20', 'Done') }),
    makeTask({ id: '5', ...status('10', 'On Hold'), doneDate: '2026-11-02' }),
    makeTask({ id: '6', ...status('10', 'On Hold'), dueDate: '2026-12-01' }),
  ];

  it('the relay snapshot and the Home tab agree with isOpen and isOverdue', () => {
    for (const task of tasks) {
      expect(snapshotTask(task, now, 'UTC'), `task ${task.id}`).toMatchObject({
        open: isOpen(task),
        overdue: isOverdue(task, now, 'UTC'),
      });
    }
    const home = pickHomeTasks(tasks, now, () => 'UTC', 10);
    expect(home.map((h) => [h.task.id, h.overdue])).toEqual([
      ['1', true],
      ['6', false],
    ]);
  });

  it('the relay reports how a task closed with the same words', () => {
    const open = snapshotTask(makeTask({ id: '7', ...status('10', 'On Hold') }), now, 'UTC');
    const closedBy = (over: Partial<Task>) =>
      diffTask(open, snapshotTask(makeTask({ id: '7', ...over }), now, 'UTC'));
    expect(closedBy(status('30', 'Canceled'))).toMatchObject([{ kind: 'status', closed: 'cancelled' }]);
    expect(closedBy(status('25', null))).toMatchObject([{ kind: 'status', closed: 'cancelled' }]);
    expect(closedBy(status('20', 'Done'))).toMatchObject([{ kind: 'status', closed: 'done' }]);
  });
});
