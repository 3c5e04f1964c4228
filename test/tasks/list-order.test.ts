/** The order and filters of `/task list` (src/tasks/service/list-order.ts), pure. */
import { describe, expect, it } from 'vitest';
import type { Task, TaskGlance } from '../../src/monitoring/api.ts';
import {
  byUrgency,
  insertRow,
  keeps,
  listRow,
  matchesQuery,
  needsSiteDay,
  type ListRow,
} from '../../src/tasks/service/list-order.ts';

const OPEN = { id: '5', name: 'To Do' };
const DONE = { id: '20', name: 'Done' };

function glance(id: string, dueDate: string | null, extra: Partial<Task> = {}): TaskGlance {
  const task = {
    id,
    dueDate,
    doneDate: null,
    status: OPEN,
    site: { id: '101', name: 'Berlin Plant', channelId: null },
    assignee: null,
    ...extra,
  } as Task;
  return { ...task, full: () => task };
}

// Berlin's today is 2026-11-22 and every other site's (UTC) 2026-11-21: the site's own day decides.
const dayOf = (siteId: string | undefined) => (siteId === '101' ? '2026-11-22' : '2026-11-21');
const row = (id: string, due: string | null, extra: Partial<Task> = {}) =>
  listRow(glance(id, due, extra), dayOf);
const ids = (rows: ListRow[]) => rows.map((r) => r.task.id);

describe('list rows', () => {
  it('judges a task overdue only while open and past its due day at its own site', () => {
    expect(row('1', '2026-11-21').late).toBe(true);
    expect(row('2', '2026-11-22').late).toBe(false);
    expect(row('3', '2026-11-21', { site: { id: '102', name: 'Chicago', channelId: null } }).late).toBe(
      false,
    );
    expect(row('4', '2026-11-01', { status: DONE }).late).toBe(false);
    expect(row('5', '2026-11-01', { doneDate: '2026-11-02' })).toMatchObject({ late: false, open: false });
  });

  it('needs a site day only for a dated open task', () => {
    expect(needsSiteDay(glance('1', '2026-11-21'))).toBe(true);
    expect(needsSiteDay(glance('2', null))).toBe(false);
    expect(needsSiteDay(glance('3', '2026-11-21', { status: DONE }))).toBe(false);
  });
});

describe('byUrgency', () => {
  it('puts overdue first (oldest first), then dated by date, undated last, ties by numeric id', () => {
    const rows = [
      row('9', null),
      row('10', '2026-12-01'),
      row('2', '2026-12-01'),
      row('7', '2026-11-20'),
      row('8', '2026-10-01'),
      row('3', '2026-11-30'),
      row('1', null),
    ];
    expect(ids(rows.sort(byUrgency))).toEqual(['8', '7', '3', '2', '10', '1', '9']);
  });

  it('gives ids that are not numbers one order too, whatever order they arrive in', () => {
    const a = [row('b', null), row('a', null), row('12', null), row('c', null)];
    const b = [row('c', null), row('12', null), row('a', null), row('b', null)];
    expect(ids(a.sort(byUrgency))).toEqual(ids(b.sort(byUrgency)));
    expect(ids(a).indexOf('a')).toBeLessThan(ids(a).indexOf('b'));
  });
});

describe('insertRow', () => {
  it('puts a row where sorting would have put it', () => {
    const all = [row('4', '2026-12-05'), row('1', '2026-11-01'), row('6', null), row('3', '2026-12-01')];
    for (const extra of [row('5', '2026-12-02'), row('0', '2026-10-01'), row('9', null), row('2', null)]) {
      const rows = [...all].sort(byUrgency);
      insertRow(rows, extra);
      expect(ids(rows)).toEqual(ids([...all, extra].sort(byUrgency)));
    }
  });
});

describe('keeps', () => {
  it('keeps everything for all, open tasks for open and mine, overdue ones for overdue', () => {
    const rows = [row('1', '2026-11-01'), row('2', '2026-12-01'), row('3', null, { status: DONE })];
    expect(ids(rows.filter((r) => keeps('all', r)))).toEqual(['1', '2', '3']);
    expect(ids(rows.filter((r) => keeps('open', r)))).toEqual(['1', '2']);
    expect(ids(rows.filter((r) => keeps('mine', r)))).toEqual(['1', '2']);
    expect(ids(rows.filter((r) => keeps('overdue', r)))).toEqual(['1']);
  });
});

describe('matchesQuery', () => {
  const task = glance('1', null, {
    priority: { id: '15', name: 'High' },
    assignee: { id: '501' } as Task['assignee'],
  }).full();

  it('answers for the site, priority and assignee filters a list sends', () => {
    expect(matchesQuery({ limit: 100 }, task)).toBe(true);
    expect(matchesQuery({ siteIds: ['101'], priorityIds: ['15'], assigneeIds: ['501'] }, task)).toBe(true);
    expect(matchesQuery({ siteIds: ['102'] }, task)).toBe(false);
    expect(matchesQuery({ priorityIds: ['5'] }, task)).toBe(false);
    expect(matchesQuery({ assigneeIds: ['502'] }, task)).toBe(false);
    expect(matchesQuery({ assigneeIds: ['501'] }, { ...task, assignee: null })).toBe(false);
  });
});
