/**
 * The one rule for a due date (tasks/rules/due-state.ts) and the one wording every card uses
 * (tasks/render/due-text.ts): the task card, the alerts' task messages, the list and App Home agree.
 */
import { describe, expect, it } from 'vitest';
import { dueState, isOverdue, isOverdueOn, todayAt } from '../../src/tasks/rules/index.ts';
import { dueField, dueShort, OVERDUE_MARK } from '../../src/tasks/render/due-text.ts';
import { snapshotDue, snapshotTask } from '../../src/alerts/rules/task-snapshot.ts';
import { renderTaskParent } from '../../src/alerts/render/task-message.ts';
import { renderTaskCard } from '../../src/tasks/render/task-card.ts';
import { renderTaskList } from '../../src/tasks/render/task-list.ts';
import { renderHomeTasks } from '../../src/home/render/home-tasks.ts';
import { pickHomeTasks } from '../../src/home/rules/pick-tasks.ts';
import type { StatusLookup } from '../../src/directory/index.ts';
import { makeTask } from '../fixtures/task.ts';

const open = (dueDate: string | null) => makeTask({ dueDate });
const STATUSES: StatusLookup = {
  idFor: () => undefined,
  nameFor: () => undefined,
  all: () => [],
};

describe('dueState: the one rule', () => {
  // 2026-11-21 22:30 UTC: already 22 November in Sydney, still 21 November in Chicago.
  const lateEveningUtc = Date.UTC(2026, 10, 21, 22, 30);

  it.each([
    ['Australia/Sydney', 'overdue'],
    ['America/Chicago', 'due'],
    ['UTC', 'due'],
    [null, 'due'],
  ] as const)('a task due 2026-11-21 in %s at 22:30 UTC is %s', (zone, kind) => {
    expect(dueState(open('2026-11-21'), lateEveningUtc, zone).kind).toBe(kind);
    expect(isOverdue(open('2026-11-21'), lateEveningUtc, zone)).toBe(kind === 'overdue');
  });

  it('is overdue from the site’s midnight to the millisecond, never before (a task due today is not overdue)', () => {
    const midnightChicago = Date.UTC(2026, 10, 20, 6, 0); // 00:00 CST on 20 November
    expect(dueState(open('2026-11-19'), midnightChicago - 1, 'America/Chicago').kind).toBe('due');
    expect(dueState(open('2026-11-19'), midnightChicago, 'America/Chicago').kind).toBe('overdue');
    expect(dueState(open('2026-11-20'), midnightChicago, 'America/Chicago').kind).toBe('due');
  });

  it('ends the due day at 23:59 site time, across daylight saving, and knows the zone it counted in', () => {
    const summer = dueState(open('2026-07-01'), 0, 'Europe/Berlin');
    expect(summer).toEqual({
      kind: 'due',
      dueDate: '2026-07-01',
      endsAt: Date.UTC(2026, 6, 1, 21, 59),
      zone: 'Europe/Berlin',
    });
    const winter = dueState(open('2026-12-01'), 0, 'Europe/Berlin');
    expect(winter.kind === 'due' && winter.endsAt).toBe(Date.UTC(2026, 11, 1, 22, 59));
  });

  it('counts in UTC, and says the zone is unknown, for no zone or one the runtime does not know', () => {
    const state = dueState(open('2026-11-21'), Date.UTC(2026, 10, 22, 0, 0), 'Mars/Olympus_Mons');
    expect(state).toMatchObject({ kind: 'overdue', zone: null, endsAt: Date.UTC(2026, 10, 21, 23, 59) });
  });

  it('never calls a done or cancelled task overdue, nor one without a readable date', () => {
    const later = Date.UTC(2027, 0, 1);
    expect(
      dueState(makeTask({ dueDate: '2026-11-01', status: { id: '25', name: 'Cancelled' } }), later, 'UTC')
        .kind,
    ).toBe('closed');
    expect(dueState(makeTask({ dueDate: '2026-11-01', doneDate: '2026-11-01' }), later, 'UTC').kind).toBe(
      'closed',
    );
    expect(dueState(open(null), later, 'UTC')).toEqual({ kind: 'none' });
    expect(dueState(open('2026-1-05'), later, 'UTC')).toEqual({ kind: 'unreadable', dueDate: '2026-1-05' });
    // the list's judgement over many tasks agrees, unreadable dates included
    expect(isOverdueOn(open('2026-1-05'), todayAt(later)('UTC'))).toBe(false);
    expect(isOverdueOn(open('2026-11-01'), todayAt(later)('UTC'))).toBe(true);
  });
});

describe('one wording on every card', () => {
  // A task due yesterday at a Chicago site, seen at 12:00 UTC: the day ended at 05:59 UTC, six hours ago.
  const now = Date.UTC(2026, 10, 20, 12, 0);
  const task = makeTask({
    dueDate: '2026-11-19',
    site: { id: '102', name: 'Chicago Works', channelId: '7102' },
  });
  const zone = 'America/Chicago';

  it('words the Due field: the mark, the site date and zone, and when it was due in the viewer’s time', () => {
    const text = dueField(dueState(task, now, zone));
    expect(text).toBe(
      `${OVERDUE_MARK} — 2026-11-19 (America/Chicago time)\nwas due by <!date^${Date.UTC(2026, 10, 20, 5, 59) / 1000}^{date_short_pretty} {time}|2026-11-19 23:59 America/Chicago> your time`,
    );
    expect(dueField(dueState(task, Date.UTC(2026, 10, 19, 12), zone))).toMatch(
      /^2026-11-19 \(America\/Chicago time\)\ndue by <!date\^/,
    );
    expect(dueField(dueState(makeTask({ dueDate: '2026-11-19', doneDate: '2026-11-19' }), now, zone))).toBe(
      '2026-11-19 (America/Chicago time)',
    );
  });

  it('the task card and the alerts’ task message say the same, overdue mark included', () => {
    const card = JSON.stringify(
      renderTaskCard(task, { timeZone: zone, statuses: STATUSES, nowMs: now }).blocks,
    );
    const parent = JSON.stringify(renderTaskParent(snapshotTask(task, now, zone)).blocks);
    const field = JSON.stringify(dueField(dueState(task, now, zone))).slice(1, -1);
    expect(card).toContain(field);
    expect(parent).toContain(field);
    expect(parent).not.toContain('Platform task');
  });

  it('an alerts’ message kept from before snapshots named their zone shows the date and the mark only', () => {
    const { timeZone: _unused, ...older } = snapshotTask(task, now, zone);
    expect(snapshotDue(older)).toMatchObject({ kind: 'overdue', endsAt: null });
    expect(dueField(snapshotDue(older))).toBe(`${OVERDUE_MARK} — 2026-11-19`);
  });

  it('the task list and App Home mark an overdue task the same way', () => {
    expect(dueShort('2026-11-19', true)).toBe(`${OVERDUE_MARK} (due 2026-11-19)`);
    expect(dueShort('2026-11-19', false)).toBe('due 2026-11-19');
    expect(dueShort(null, false)).toBeNull();
    const list = JSON.stringify(
      renderTaskList({
        title: 'Open tasks',
        tasks: [task],
        overdueIds: [task.id],
        next: null,
        shownBefore: 0,
      }).blocks,
    );
    expect(list).toContain(`${OVERDUE_MARK} (due 2026-11-19)`);
    const picked = pickHomeTasks([task], now, () => zone, 10);
    const home = JSON.stringify(
      renderHomeTasks({ kind: 'found', who: 'Ben Okafor', tasks: picked, more: false }),
    );
    expect(home).toContain(`${OVERDUE_MARK} (due 2026-11-19)`);
    expect(home).toContain(':warning: 1 overdue');
  });
});
