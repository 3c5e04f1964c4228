import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/base/config.ts';
import { createLogger } from '../../src/base/log.ts';
import type { MonitoringApi, Page, Task } from '../../src/monitoring/api.ts';
import { createAlertEngine } from '../../src/alerts/engine/alert-engine.ts';
import { createOutbox } from '../../src/alerts/engine/outbox.ts';
import type { AlertSlack } from '../../src/alerts/engine/alert-slack.ts';
import { alertStore } from '../../src/alerts/engine/alert-store.ts';
import { openStore } from '../../src/store/open-store.ts';
import { StoreUnavailableError, type Store } from '../../src/store/store.ts';
import { makeTask } from '../fixtures/task.ts';

const log = createLogger({ level: 'silent' });

function task(priorityId: string): Task {
  return makeTask({
    id: 't1',
    name: 'Fix valve',
    site: { id: 's1', name: 'North', channelId: null },
    priority: { id: priorityId, name: priorityId },
    auditInfo: { lastModifiedDate: `m-${priorityId}` },
    timeSpentMandatory: false,
    postId: 1,
  });
}

/** A hand-written fake of the two calls a tasks-only cycle makes. */
function fakeMonitoring(current: () => Task[]): MonitoringApi {
  const unused = () => {
    throw new Error('not used by the relay');
  };
  const page = async (): Promise<Page<Task>> => ({ rows: current(), lastValue: null, done: true });
  return {
    dataSources: { list: unused, listPage: unused, get: unused },
    readings: {
      query: unused,
      queryPage: unused,
      write: unused,
      template: unused,
      importCsv: unused,
      exportCsv: unused,
    },
    tasks: { list: unused, listPage: page, create: unused, update: unused },
    posts: { create: unused },
    files: { createSignedUpload: unused, upload: unused, get: unused },
    devices: { reportStatus: unused },
    download: unused,
    close: async () => {},
  };
}

/** The memory store, except that writes of task snapshots fail while `failing` is set (Redis went away). */
function flakyStore(inner: Store, failing: { on: boolean }): Store {
  const wrap = (s: Store, prefix: string): Store => ({
    ...s,
    kind: s.kind,
    get: (k) => s.get(k),
    delete: (k) => s.delete(k),
    add: (k, v, t) => s.add(k, v, t),
    update: (k, f, t) => s.update(k, f, t),
    readEntry: (k) => s.readEntry(k),
    swapEntry: (k, e, n, t) => s.swapEntry(k, e, n, t),
    async set(k, v, t) {
      if (failing.on && `${prefix}${k}`.startsWith('relay:tasks:'))
        throw new StoreUnavailableError('store down');
      return s.set(k, v, t);
    },
    namespace: (name) => wrap(s.namespace(name), `${prefix}${name}:`),
  });
  return wrap(inner, '');
}

describe('runCycle after a crash between enqueue and saving state', () => {
  it('re-plans the same event without enqueueing it twice', async () => {
    const inner = await openStore({ kind: 'memory' }, { log });
    const failing = { on: false };
    const store = flakyStore(inner, failing);
    let tasks = [task('5')];
    const slack: AlertSlack = { post: async () => '1.0', update: async () => {}, join: async () => {} };
    const deps = {
      config: loadConfig({}),
      log,
      store,
      clock: { now: () => 1_000 },
      monitoring: fakeMonitoring(() => tasks),
    };
    const relay = createAlertEngine(deps, { slack, random: () => 0.5 });
    const rs = alertStore(store);
    await rs.saveSubscriptions({
      channel: 'C1',
      alerts: null,
      tasks: { siteIds: ['s1'], siteNames: ['North'], minPriority: null, since: 0, primed: true },
    });
    expect((await relay.runCycle()).outcome).toBe('complete'); // records silently

    tasks = [task('15')];
    failing.on = true;
    await expect(relay.runCycle()).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(await createOutbox(store).pending('C1')).toBe(1);

    failing.on = false;
    const again = await relay.runCycle();
    expect(again.taskChanges).toBe(1); // the snapshot was not saved: the change is seen again…
    expect(again.enqueued).toEqual({}); // …but not enqueued twice
    expect(await createOutbox(store).pending('C1')).toBe(1);
    await relay.stop();
  });
});
