/**
 * Task snapshots (src/tasks/service/snapshots.ts): a list page or card saves its tasks, mostly unchanged; the same
 * value is not written again within ten minutes, a changed one is, and the store stays what every reader reads.
 */
import { describe, expect, it } from 'vitest';
import { createSnapshots } from '../../src/tasks/service/snapshots.ts';
import { countingStore } from '../directory/counting-store.ts';
import { makeTask } from '../fixtures/task.ts';

let now = Date.UTC(2026, 10, 21, 12);
const clock = { now: () => now };

describe('task snapshots', () => {
  it('writes a task and its seen mark once while they stay the same, again when the task changes', async () => {
    const { store, writes } = await countingStore();
    const snapshots = createSnapshots(store, clock);
    const task = makeTask({ id: '7' });
    await snapshots.put(task, 'person:T:ANA');
    await snapshots.put({ ...task }, 'person:T:ANA');
    expect(writes).toEqual(['task-snapshot/7', 'task-seen/person:T:ANA:7']);
    await snapshots.put({ ...task, name: 'Renamed' }, 'person:T:ANA');
    await snapshots.put(task, 'person:T:BEN');
    expect(writes.slice(2)).toEqual(['task-snapshot/7', 'task-snapshot/7', 'task-seen/person:T:BEN:7']);
    expect(await snapshots.getFor('7', 'person:T:BEN')).toEqual(task);
  });

  it('writes the same value again after ten minutes, so the store keeps it alive', async () => {
    const { store, writes } = await countingStore();
    const snapshots = createSnapshots(store, clock);
    await snapshots.put(makeTask({ id: '8' }), 'shared');
    now += 10 * 60_000 - 1;
    await snapshots.put(makeTask({ id: '8' }), 'shared');
    expect(writes).toHaveLength(2);
    now += 1;
    await snapshots.put(makeTask({ id: '8' }), 'shared');
    expect(writes).toHaveLength(4);
  });

  it('answers from the store, so another replica sees what this one wrote', async () => {
    const { store } = await countingStore();
    await createSnapshots(store, clock).put(makeTask({ id: '9' }), 'shared');
    const other = createSnapshots(store, clock);
    expect(await other.getFor('9', 'shared')).toMatchObject({ id: '9' });
    expect(await other.getFor('9', 'person:T:ANA')).toBeUndefined();
  });
});
