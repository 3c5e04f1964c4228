import { describe, expect, it } from 'vitest';
import { diffTask, diffTasks } from '../../src/alerts/rules/task-diff.ts';
import { snapshotTask } from '../../src/alerts/rules/task-snapshot.ts';
import type { Task } from '../../src/monitoring/api.ts';
import type { TaskSnapshot } from '../../src/alerts/rules/types.ts';
import { makeTask } from '../fixtures/task.ts';

const base: TaskSnapshot = {
  id: 't1',
  name: 'Fix valve',
  siteId: 'site1',
  siteName: 'North',
  statusId: '5',
  statusName: 'To Do',
  priorityId: '10',
  priorityName: 'Medium',
  assigneeId: 'u1',
  assigneeName: 'Ana Silva',
  dueDate: '2026-11-25',
  open: true,
  overdue: false,
  deviceId: null,
  deviceName: null,
  modifiedAt: '2026-11-20T10:00:00Z',
};

describe('diffTask', () => {
  it.each<[string, Partial<TaskSnapshot>, unknown[]]>([
    ['no change', {}, []],
    ['name edits alone are not events', { name: 'Fix the valve' }, []],
    [
      'status to On Hold',
      { statusId: '10', statusName: 'On Hold' },
      [{ kind: 'status', from: 'To Do', to: 'On Hold', closed: null }],
    ],
    [
      'status to Done',
      { statusId: '20', statusName: 'Done', open: false },
      [{ kind: 'status', from: 'To Do', to: 'Done', closed: 'done' }],
    ],
    [
      'status to Cancelled',
      { statusId: '25', statusName: 'Cancelled', open: false },
      [{ kind: 'status', from: 'To Do', to: 'Cancelled', closed: 'cancelled' }],
    ],
    [
      'reassigned',
      { assigneeId: 'u2', assigneeName: 'Bo Chen' },
      [{ kind: 'reassigned', from: 'Ana Silva', to: 'Bo Chen' }],
    ],
    [
      'unassigned',
      { assigneeId: null, assigneeName: null },
      [{ kind: 'reassigned', from: 'Ana Silva', to: null }],
    ],
    [
      'priority',
      { priorityId: '15', priorityName: 'High' },
      [{ kind: 'priority', from: 'Medium', to: 'High' }],
    ],
    ['due date', { dueDate: '2026-12-01' }, [{ kind: 'due', from: '2026-11-25', to: '2026-12-01' }]],
    ['became overdue', { overdue: true }, [{ kind: 'overdue', dueDate: '2026-11-25' }]],
    [
      'several changes at once, in a fixed order',
      { statusId: '10', statusName: 'On Hold', priorityId: '15', priorityName: 'High' },
      [
        { kind: 'status', from: 'To Do', to: 'On Hold', closed: null },
        { kind: 'priority', from: 'Medium', to: 'High' },
      ],
    ],
  ])('%s', (_name, patch, expected) => {
    expect(diffTask(base, { ...base, ...patch })).toEqual(expected);
  });

  it('an overdue task that stays overdue raises nothing again', () => {
    expect(diffTask({ ...base, overdue: true }, { ...base, overdue: true })).toEqual([]);
  });

  it('a task not seen before is created', () => {
    expect(diffTask(undefined, base)).toEqual([{ kind: 'created' }]);
  });
});

describe('diffTasks', () => {
  it('records silently when nothing was recorded before (first cycle)', () => {
    expect(diffTasks(null, [base, { ...base, id: 't2' }])).toEqual([]);
  });

  it('reports created and changed tasks, not unchanged or vanished ones', () => {
    const prev = { t1: base, t3: { ...base, id: 't3' } };
    const changes = diffTasks(prev, [
      { ...base, priorityId: '5', priorityName: 'Low' },
      { ...base, id: 't2' },
    ]);
    expect(changes.map((c) => [c.taskId, c.events.map((e) => e.kind)])).toEqual([
      ['t1', ['priority']],
      ['t2', ['created']],
    ]);
  });
});

describe('snapshotTask — overdue in the site time zone', () => {
  const task = (patch: Partial<Task>): Task =>
    makeTask({
      id: 't1',
      name: 'Fix valve',
      dueDate: '2026-11-20',
      site: { id: 'site1', name: 'North', channelId: null },
      priority: null,
      timeSpentMandatory: false,
      postId: 1,
      ...patch,
    });
  // 2026-11-21 03:00 UTC: already the 21st in UTC and Berlin, still the 20th in Chicago
  const now = Date.UTC(2026, 10, 21, 3, 0, 0);

  it.each([
    ['UTC', 'UTC', true],
    ['Europe/Berlin', 'Europe/Berlin', true],
    ['America/Chicago (still the due day)', 'America/Chicago', false],
    ['unknown zone falls back to UTC', null, true],
  ])('%s', (_name, tz, overdue) => {
    expect(snapshotTask(task({}), now, tz).overdue).toBe(overdue);
  });

  it('a closed task is never overdue', () => {
    expect(snapshotTask(task({ status: { id: '25', name: 'Cancelled' } }), now, 'UTC')).toMatchObject({
      open: false,
      overdue: false,
    });
    expect(snapshotTask(task({ doneDate: '2026-11-20' }), now, 'UTC')).toMatchObject({
      open: false,
      overdue: false,
    });
  });
});
