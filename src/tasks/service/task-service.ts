/**
 * The task service: create (idempotent per modal submission), refresh from GET /tasks, update with PATCH
 * outcomes typed, and list paging. Exposed on Deps as `tasks`. Knows nothing of Slack.
 */
import type { BaseDeps } from '../../base/deps.ts';
import type { Assignee, Ref, SiteRef, Task, TaskCreate, TaskPatch } from '../../monitoring/api.ts';
import type { Directory } from '../../directory/types.ts';
import { applyPatch, taskFromCreate } from '../rules/build.ts';
import { findTask } from './find.ts';
import { createTaskLister, type TaskListFilter, type TaskListPage } from './list.ts';
import { createSnapshots } from './snapshots.ts';
import type { Store } from '../../store/store.ts';

export type { ListScope, TaskListFilter, TaskListPage } from './list.ts';
export { MAX_ROWS_READ } from './list.ts';
export { LIST_SNAPSHOT_TTL_MS } from './list-snapshots.ts';

export interface CreateContext {
  site: SiteRef;
  device: Ref | null;
  assignee: Assignee | null;
}

export type UpdateOutcome =
  | { kind: 'no-change'; task: Task | undefined; assigneeTook?: boolean }
  | {
      kind: 'changed';
      before: Task | undefined;
      /** undefined only when fieldline never saw the task and cannot find it on the platform. */
      task: Task | undefined;
      /** Set when the patch asked for a reassignment: whether GET /tasks shows it took. */
      assigneeTook?: boolean;
    };

export interface TaskService {
  /** POST /task/ then the task as sent (the platform echoes only the id). Never retried blindly. */
  create(body: TaskCreate, ctx: CreateContext, signal?: AbortSignal): Promise<Task>;
  /**
   * The platform's view of a task (GET /tasks textSearch by name, matched by id), saved as the snapshot.
   * `newest`: fieldline has just created it, so it is looked for among the newest first.
   */
  refresh(
    task: Pick<Task, 'id' | 'name'>,
    signal?: AbortSignal,
    how?: { newest?: boolean },
  ): Promise<Task | undefined>;
  /** Last known state: the snapshot this person's key saw, else a search (their key) by the name. */
  get(taskId: string, nameHint?: string, signal?: AbortSignal): Promise<Task | undefined>;
  update(
    taskId: string,
    patch: TaskPatch,
    ctx?: { assignee?: Assignee | null },
    signal?: AbortSignal,
  ): Promise<UpdateOutcome>;
  /**
   * The first page. `reuse`: a read of the same list kept from the last LIST_SNAPSHOT_TTL_MS may serve it (the
   * page then says `asOf`); without it the platform is read now (and the read kept for "More").
   */
  list(filter: TaskListFilter, signal?: AbortSignal, opts?: { reuse?: boolean }): Promise<TaskListPage>;
  listMore(
    token: string,
    signal?: AbortSignal,
  ): Promise<(TaskListPage & { filter: TaskListFilter }) | undefined>;
}

/** `byTaskId`: where records keyed by task id are kept (the acting workspace's root: ids are a platform's own). */
export function createTaskService(
  base: BaseDeps,
  directory: Directory,
  byTaskId: Store = base.store,
): TaskService {
  const snapshots = createSnapshots(byTaskId, base.clock);
  const statusName = (id: string) => directory.statuses.nameFor(id);
  const lister = createTaskLister({
    monitoring: base.monitoring,
    store: base.store,
    clock: base.clock,
    scope: base.scope,
    siteZones: async (signal) => new Map((await directory.sites(signal)).map((s) => [s.id, s.timeZone])),
    learn: (tasks) => directory.learnFromTasks(tasks),
  });
  // A person who connects another key (or disconnects) no longer sees what the old key listed.
  directory.onForget((scope) => lister.forget(scope));

  async function refresh(
    task: Pick<Task, 'id' | 'name'>,
    signal?: AbortSignal,
    how: { newest?: boolean } = {},
  ): Promise<Task | undefined> {
    const found = await findTask(base.monitoring, task.id, task.name, signal, how.newest);
    if (!found) return undefined;
    await directory.learnFromTasks([found]);
    await snapshots.put(found, base.scope());
    await lister.changed(found.id, found);
    return found;
  }

  return {
    async create(body, ctx, signal) {
      const { taskId } = await base.monitoring.tasks.create(body, signal);
      const nowIso = new Date(base.clock.now()).toISOString();
      const task = taskFromCreate(String(taskId), body, { ...ctx, statusName, nowIso });
      await snapshots.put(task, base.scope());
      await lister.changed(task.id, task);
      return task;
    },

    refresh,

    async get(taskId, nameHint, signal) {
      // The snapshot only if this person's key saw the task; otherwise the platform decides, with their key.
      const known = await snapshots.getFor(taskId, base.scope());
      if (known) return known;
      const name = nameHint ?? (await snapshots.get(taskId))?.name;
      return name === undefined ? undefined : refresh({ id: taskId, name }, signal);
    },

    async update(taskId, patch, ctx = {}, signal) {
      const before = await snapshots.get(taskId);
      const result = await base.monitoring.tasks.update(taskId, patch, signal);
      // contract: PATCH — {data:"SUCCESS"} when nothing changed; reassignment is unreliable, so it is verified
      // even then.
      const fresh = before
        ? await refresh({ id: taskId, name: patch.name ?? before.name }, signal)
        : undefined;
      const assigneeTook =
        patch.assigneeId === undefined
          ? undefined
          : fresh
            ? fresh.assignee?.id === patch.assigneeId
            : undefined;
      const reassigned = assigneeTook === true && before?.assignee?.id !== patch.assigneeId;
      const took = assigneeTook === undefined ? {} : { assigneeTook };
      if (!result.changed && !reassigned) return { kind: 'no-change', task: fresh ?? before, ...took };
      const task = fresh ?? (before ? applyPatch(before, patch, { ...ctx, statusName }) : undefined);
      if (task && !fresh) await snapshots.put(task, base.scope());
      // refresh patched the kept lists with `fresh` already
      if (!fresh) await lister.changed(taskId, task);
      return { kind: 'changed', before, task, ...took };
    },

    // Listed tasks become snapshots so their cards (and the card's buttons) work from the list.
    async list(filter, signal, opts = {}) {
      const page = await lister.first(filter, opts.reuse ?? false, signal);
      await Promise.all(page.tasks.map((t) => snapshots.put(t, base.scope())));
      return page;
    },
    async listMore(token, signal) {
      const page = await lister.more(token, signal);
      await Promise.all((page?.tasks ?? []).map((t) => snapshots.put(t, base.scope())));
      return page;
    },
  };
}
