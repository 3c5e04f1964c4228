/** Sorted list reads kept a short while in memory (src/tasks/service/list-snapshots.ts), on a hand-moved clock. */
import { describe, expect, it } from 'vitest';
import type { Task, TaskQuery } from '../../src/monitoring/api.ts';
import { createListSnapshots, type SortedRead } from '../../src/tasks/service/list-snapshots.ts';
import { listRow } from '../../src/tasks/service/list-order.ts';

let now = Date.UTC(2026, 10, 21, 12);
const clock = { now: () => now };
const limits = { ttlMs: 30_000, maxSnapshots: 3, maxRows: 10 };

function read(scope: string, query: TaskQuery, taskIds: string[], readAt = now): SortedRead {
  const rows = taskIds.map((id) => {
    const task = { id, dueDate: null, doneDate: null, status: { id: '5', name: 'To Do' } } as Task;
    return listRow({ ...task, full: () => task }, () => '2026-11-21');
  });
  return { scope, query, rows, capped: false, readAt };
}

describe('list snapshots', () => {
  it('answers the same scope and query until the read is 30 s old', () => {
    const kept = createListSnapshots(clock, limits);
    const r = read('person:T:ANA', { limit: 100 }, ['1', '2']);
    kept.put(r);
    expect(kept.get('person:T:ANA', { limit: 100 })).toBe(r);
    now += 29_999;
    expect(kept.get('person:T:ANA', { limit: 100 })).toBe(r);
    now += 1;
    expect(kept.get('person:T:ANA', { limit: 100 })).toBeUndefined();
  });

  it("never answers another scope's read, nor another query's", () => {
    const kept = createListSnapshots(clock, limits);
    kept.put(read('person:T:ANA', { limit: 100, siteIds: ['101'] }, ['1']));
    expect(kept.get('person:T:BEN', { limit: 100, siteIds: ['101'] })).toBeUndefined();
    expect(kept.get('person:T:ANA', { limit: 100, siteIds: ['102'] })).toBeUndefined();
    expect(kept.get('person:T:ANA', { limit: 100 })).toBeUndefined();
  });

  it('does not keep a read begun before a change in its scope, or to a task it holds', () => {
    const kept = createListSnapshots(clock, limits);
    const before = read('person:T:ANA', { limit: 100 }, ['1', '2']);
    const other = read('person:T:BEN', { limit: 100 }, ['2', '3']);
    const untouched = read('person:T:CY', { limit: 100 }, ['4']);
    now += 10;
    kept.changed('person:T:ANA', '2');
    for (const r of [before, other, untouched]) kept.put(r);
    expect(kept.get('person:T:ANA', { limit: 100 })).toBeUndefined();
    expect(kept.get('person:T:BEN', { limit: 100 })).toBeUndefined();
    expect(kept.get('person:T:CY', { limit: 100 })).toBe(untouched);
    // a read begun after the change is kept (one begun in the same millisecond is not)
    now += 1;
    const after = read('person:T:ANA', { limit: 100 }, ['1', '2']);
    kept.put(after);
    expect(kept.get('person:T:ANA', { limit: 100 })).toBe(after);
  });

  it('keeps at most its count and rows, dropping the oldest first', () => {
    const kept = createListSnapshots(clock, limits);
    for (const site of ['1', '2', '3', '4']) kept.put(read('s', { siteIds: [site] }, [site]));
    expect(kept.get('s', { siteIds: ['1'] })).toBeUndefined();
    expect(kept.all()).toHaveLength(3);
    kept.put(read('s', { siteIds: ['9'] }, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']));
    expect(kept.all().reduce((n, r) => n + r.rows.length, 0)).toBeLessThanOrEqual(10);
    expect(kept.get('s', { siteIds: ['9'] })).toBeDefined();
  });

  it('forgets every read of one scope, and drops only the read it is given', () => {
    const kept = createListSnapshots(clock, limits);
    const ana = read('person:T:ANA', { limit: 100 }, ['1']);
    const ben = read('person:T:BEN', { limit: 100 }, ['1']);
    kept.put(ana);
    kept.put(ben);
    kept.forget('person:T:ANA');
    expect(kept.get('person:T:ANA', { limit: 100 })).toBeUndefined();
    const newer = read('person:T:BEN', { limit: 100 }, ['1', '2']);
    kept.put(newer);
    kept.drop(ben);
    expect(kept.get('person:T:BEN', { limit: 100 })).toBe(newer);
    kept.drop(newer);
    expect(kept.get('person:T:BEN', { limit: 100 })).toBeUndefined();
  });
});
