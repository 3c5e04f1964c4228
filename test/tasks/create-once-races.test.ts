/**
 * Issue 35: create-once (src/tasks/service/create-once.ts) with many runs of one job at once, on every backend
 * and two replicas. 16 first runs each answer with a task, and a later run with the recorded one. When 16 runs
 * that took over a dead run's claim all had to create again (the platform showed nothing yet), the task recorded
 * first stays the job's task: the runs recording after it used to replace it, one after another.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { MonitoringApi, Task, TaskCreate } from '../../src/monitoring/api.ts';
import { createOnce } from '../../src/tasks/service/create-once.ts';
import type { CreateContext, TaskService } from '../../src/tasks/service/task-service.ts';
import { BACKENDS, noBackend, replicaOf, twoReplicas, type Replicas } from '../store/shared-backends.ts';

const N = 16;
const body: TaskCreate = { name: 'Check pump seal', siteId: '1', typeId: '1' };
const ctx = {
  site: { id: '1', name: 'Main', channelId: null },
  device: null,
  assignee: null,
} as CreateContext;
const accepted = Date.parse('2026-11-25T05:00:00Z');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A platform whose task list shows nothing yet; the n-th POST answers after n × `stepMs`. */
function world(stepMs: number) {
  const created: string[] = [];
  const tasks = {
    async create(b: TaskCreate) {
      const id = String(101 + created.length);
      created.push(id);
      await sleep(stepMs * created.length);
      return { id, name: b.name } as Task;
    },
    refresh: async (t: Pick<Task, 'id' | 'name'>) => ({ id: t.id, name: t.name }) as Task,
  } as unknown as TaskService;
  const monitoring = {
    tasks: { listPage: async () => ({ rows: [], done: true, lastValue: null }) },
  } as unknown as MonitoringApi;
  return { created, tasks, monitoring };
}

describe.each(BACKENDS)('create-once races (%s)', (kind) => {
  let replicas: Replicas | undefined;
  afterEach(async () => {
    await replicas?.close();
    replicas = undefined;
  });

  const run = (r: Replicas, w: ReturnType<typeof world>, i: number, key: string) =>
    createOnce(w.tasks, { store: replicaOf(r, i), monitoring: w.monitoring }, key, accepted).create(
      body,
      ctx,
    );

  it.skipIf(noBackend(kind))(
    `${N} runs of one job at once: each answers a task, later runs the recorded one`,
    async () => {
      const r = (replicas = await twoReplicas(kind));
      const w = world(0);
      // The platform lists what was created (the claim's loser looks there before creating).
      (w.monitoring.tasks as { listPage: unknown }).listPage = async () => ({
        rows: w.created.map((id) => ({
          id,
          name: body.name,
          auditInfo: { createdDate: new Date().toISOString() },
        })),
        done: true,
        lastValue: null,
      });
      const results = await Promise.all(Array.from({ length: N }, (_, i) => run(r, w, i, 'job-a')));
      expect(results.every((t) => w.created.includes(t.id))).toBe(true);
      const recorded = await r.b.namespace('job-effects').get<{ taskId?: string }>('job-a');
      expect((await run(r, w, 0, 'job-a')).id).toBe(recorded?.taskId);
      expect(results.map((t) => t.id)).toContain(recorded?.taskId);
    },
  );

  it.skipIf(noBackend(kind))(
    `${N} runs that all had to create again: the task recorded first stays the job's task`,
    async () => {
      const r = (replicas = await twoReplicas(kind));
      const w = world(15);
      // A run that died before its POST took effect left its claim, with no task recorded.
      await r.a.namespace('job-effects').add('job-b', {});
      await Promise.all(Array.from({ length: N }, (_, i) => run(r, w, i, 'job-b')));
      expect(w.created).toHaveLength(N);
      expect(await r.b.namespace('job-effects').get('job-b')).toEqual({ taskId: '101' });
      expect((await run(r, w, 1, 'job-b')).id).toBe('101');
    },
  );
});
