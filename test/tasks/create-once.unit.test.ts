/**
 * A task is created once per accepted submission, even when its job runs again after the replica running it died
 * (src/tasks/service/create-once.ts). Pure: a counting task service, a memory store, a platform list.
 */
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { MonitoringApi, Task, TaskCreate } from '../../src/monitoring/api.ts';
import { openStore } from '../../src/store/open-store.ts';
import { createOnce } from '../../src/tasks/service/create-once.ts';
import type { CreateContext, TaskService } from '../../src/tasks/service/task-service.ts';

const body: TaskCreate = { name: 'Check pump seal', siteId: '1', typeId: '1' };
const ctx: CreateContext = {
  site: { id: '1', name: 'Main', channelId: null } as CreateContext['site'],
  device: null,
  assignee: null,
};
const accepted = Date.parse('2026-11-25T05:00:00Z');

function world(platformRows: Partial<Task>[] = []) {
  const created: string[] = [];
  const tasks = {
    async create(b: TaskCreate) {
      created.push(b.name);
      return { id: String(100 + created.length), name: b.name } as Task;
    },
    async refresh(t: Pick<Task, 'id' | 'name'>) {
      return { id: t.id, name: t.name } as Task;
    },
  } as unknown as TaskService;
  const monitoring = {
    tasks: { listPage: async () => ({ rows: platformRows as Task[], done: true, lastValue: null }) },
  } as unknown as MonitoringApi;
  return { created, tasks, monitoring };
}

const store = () => openStore({ kind: 'memory' }, { log: pino({ level: 'silent' }), keyPrefix: 't:' });

describe('createOnce', () => {
  it('creates on the first run and uses the recorded task on a second run', async () => {
    const w = world();
    const s = await store();
    const first = await createOnce(w.tasks, { store: s, monitoring: w.monitoring }, 'job-1', accepted).create(
      body,
      ctx,
    );
    const again = await createOnce(w.tasks, { store: s, monitoring: w.monitoring }, 'job-1', accepted).create(
      body,
      ctx,
    );
    expect(w.created).toEqual(['Check pump seal']);
    expect(again.id).toBe(first.id);
  });

  it('a run that died after its POST: the task of that name created since acceptance is used', async () => {
    const w = world([
      { id: '7', name: 'Check pump seal', auditInfo: { createdDate: '2026-11-24T05:00:00Z' } },
      { id: '9', name: 'Check pump seal', auditInfo: { createdDate: '2026-11-25T05:00:02Z' } },
    ]);
    const s = await store();
    await s.namespace('job-effects').add('job-2', {}); // the dead run's claim, no id recorded
    const task = await createOnce(w.tasks, { store: s, monitoring: w.monitoring }, 'job-2', accepted).create(
      body,
      ctx,
    );
    expect(w.created).toEqual([]);
    expect(task.id).toBe('9');
  });

  it('a run that died before its POST took effect: created now, once', async () => {
    const w = world([
      { id: '7', name: 'Check pump seal', auditInfo: { createdDate: '2026-11-24T05:00:00Z' } },
    ]);
    const s = await store();
    await s.namespace('job-effects').add('job-3', {});
    await createOnce(w.tasks, { store: s, monitoring: w.monitoring }, 'job-3', accepted).create(body, ctx);
    expect(w.created).toEqual(['Check pump seal']);
  });

  it('different submissions are different tasks', async () => {
    const w = world();
    const s = await store();
    await createOnce(w.tasks, { store: s, monitoring: w.monitoring }, 'a', accepted).create(body, ctx);
    await createOnce(w.tasks, { store: s, monitoring: w.monitoring }, 'b', accepted).create(body, ctx);
    expect(w.created).toHaveLength(2);
  });
});
