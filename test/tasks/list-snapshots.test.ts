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

/** A task as changed through fieldline, with its row. */
function change(id: string, status = 'To Do') {
  const task = { id, dueDate: null, doneDate: null, status: { id: '5', name: status } } as Task;
  return { task, row: listRow({ ...task, full: () => task }, () => '2026-11-21') };
}
const ids = (r: SortedRead | undefined) => r?.rows.map((row) => row.task.id).sort();

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

  it('patches a change made while a read was under way into it, in its scope; another scope holding it is not kept', () => {
    const kept = createListSnapshots(clock, limits);
    const begun = now;
    const ana = read('person:T:ANA', { limit: 100 }, ['1', '2'], begun);
    const ben = read('person:T:BEN', { limit: 100 }, ['2', '3'], begun);
    const cy = read('person:T:CY', { limit: 100 }, ['4'], begun);
    now += 10;
    kept.changed({ scope: 'person:T:ANA', taskId: '9', at: now, now: change('9') });
    kept.changed({ scope: 'person:T:ANA', taskId: '2', at: now, now: change('2', 'Done') });
    for (const r of [ana, ben, cy]) kept.put(r);
    expect(ids(kept.get('person:T:ANA', { limit: 100 }))).toEqual(['1', '2', '9']);
    expect(
      kept.get('person:T:ANA', { limit: 100 })?.rows.find((r) => r.task.id === '2')?.task.status?.name,
    ).toBe('Done');
    expect(kept.get('person:T:BEN', { limit: 100 })).toBeUndefined();
    expect(kept.get('person:T:CY', { limit: 100 })).toBe(cy);
  });

  it('patches the reads it keeps; a change it cannot show drops the read', () => {
    const kept = createListSnapshots(clock, limits);
    kept.put(read('person:T:ANA', { limit: 100 }, ['1']));
    kept.put(read('person:T:ANA', { limit: 100, siteIds: ['101'] }, ['5']));
    kept.changed({ scope: 'person:T:ANA', taskId: '7', at: now, now: change('7') });
    expect(ids(kept.get('person:T:ANA', { limit: 100 }))).toEqual(['1', '7']);
    // the task is of site 101 only when it says so: the site read does not take it
    expect(ids(kept.get('person:T:ANA', { limit: 100, siteIds: ['101'] }))).toEqual(['5']);
    kept.changed({ scope: 'person:T:ANA', taskId: '1', at: now });
    expect(kept.get('person:T:ANA', { limit: 100 })).toBeUndefined();
  });

  it('keeps a capped read current for the rows it holds and leaves out a task beyond them', () => {
    const kept = createListSnapshots(clock, limits);
    kept.put({ ...read('person:T:ANA', { limit: 100 }, ['1', '2']), capped: true });
    kept.changed({ scope: 'person:T:ANA', taskId: '8', at: now, now: change('8') });
    kept.changed({ scope: 'person:T:ANA', taskId: '2', at: now, now: change('2', 'On Hold') });
    kept.changed({ scope: 'person:T:ANA', taskId: '6', at: now });
    const held = kept.get('person:T:ANA', { limit: 100 });
    expect(ids(held)).toEqual(['1', '2']);
    expect(held?.rows.find((r) => r.task.id === '2')?.task.status?.name).toBe('On Hold');
  });

  it('counts its 30 s from when a read was kept, however long the read took', () => {
    const kept = createListSnapshots(clock, limits);
    const slow = read('person:T:ANA', { limit: 100 }, ['1'], now - 25_000);
    kept.put(slow);
    now += 29_999;
    expect(kept.get('person:T:ANA', { limit: 100 })).toBe(slow);
    now += 1;
    expect(kept.get('person:T:ANA', { limit: 100 })).toBeUndefined();
  });

  it('keeps at most its count and rows, dropping the oldest first', () => {
    const kept = createListSnapshots(clock, limits);
    for (const site of ['1', '2', '3', '4']) kept.put(read('s', { siteIds: [site] }, [site]));
    expect(kept.get('s', { siteIds: ['1'] })).toBeUndefined();
    expect(['2', '3', '4'].map((site) => kept.get('s', { siteIds: [site] }) !== undefined)).toEqual([
      true,
      true,
      true,
    ]);
    kept.put(read('s', { siteIds: ['9'] }, ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i']));
    // 9 + 1 rows at most: the two oldest went
    expect(['2', '3', '4'].filter((site) => kept.get('s', { siteIds: [site] }) !== undefined)).toEqual(['4']);
    expect(kept.get('s', { siteIds: ['9'] })).toBeDefined();
  });

  it('forgets every read of one scope, and a newer read of a scope and query replaces the older', () => {
    const kept = createListSnapshots(clock, limits);
    const ana = read('person:T:ANA', { limit: 100 }, ['1']);
    const ben = read('person:T:BEN', { limit: 100 }, ['1']);
    kept.put(ana);
    kept.put(ben);
    kept.forget('person:T:ANA');
    expect(kept.get('person:T:ANA', { limit: 100 })).toBeUndefined();
    const newer = read('person:T:BEN', { limit: 100 }, ['1', '2']);
    kept.put(newer);
    expect(kept.get('person:T:BEN', { limit: 100 })).toBe(newer);
  });
});
