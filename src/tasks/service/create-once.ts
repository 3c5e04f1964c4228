/**
 * A task is created once per accepted submission, even when its job runs a second time because the replica
 * running it died (BullMQ hands a stalled job to another replica). The first run
 * claims `effectKey` before POST /task/ and records the new id after it; a later run finds the claim and, instead
 * of creating again, uses the recorded id or — when the first run died between its POST and the record — the
 * task of that name created since the submission was accepted (GET /tasks newest first: the contract has no
 * idempotency key, so the platform's own list decides). Nothing found means the POST never took effect.
 *
 * The claim is an atomic `add`. The record keeps the first task recorded (`update`): a run that created again
 * (the one it took over was alive after all, or was still posting) does not replace it, so every later run
 * answers with the same task (issue 35).
 */
import type { MonitoringApi, Task } from '../../monitoring/api.ts';
import type { Store } from '../../store/store.ts';
import type { TaskService } from './task-service.ts';

const EFFECT_TTL_MS = 24 * 3600_000;
/** Clock difference tolerated between this replica and the platform when matching `createdDate`. */
const SKEW_MS = 5 * 60_000;

type Effect = { taskId?: string };

async function createdSince(
  monitoring: MonitoringApi,
  name: string,
  sinceMs: number,
  signal?: AbortSignal,
): Promise<Task | undefined> {
  const page = await monitoring.tasks.listPage(
    { limit: 50, textSearch: name.trim().slice(0, 100), sortDesc: true },
    null,
    signal,
  );
  return page.rows.find((t) => {
    const created = Date.parse(t.auditInfo?.createdDate ?? '');
    return t.name === name && Number.isFinite(created) && created >= sinceMs - SKEW_MS;
  });
}

export function createOnce(
  tasks: TaskService,
  deps: { store: Store; monitoring: MonitoringApi },
  effectKey: string,
  acceptedAt: number,
): TaskService {
  const effects = deps.store.namespace('job-effects');
  return {
    ...tasks,
    async create(body, ctx, signal) {
      const first = await effects.add<Effect>(effectKey, {}, EFFECT_TTL_MS);
      if (!first) {
        const done = await effects.get<Effect>(effectKey);
        const known = done?.taskId
          ? await tasks.refresh({ id: done.taskId, name: body.name }, signal)
          : await createdSince(deps.monitoring, body.name, acceptedAt, signal);
        if (known) return known;
      }
      const task = await tasks.create(body, ctx, signal);
      await effects.update<Effect>(
        effectKey,
        (effect) => (effect?.taskId ? effect : { taskId: task.id }),
        EFFECT_TTL_MS,
      );
      return task;
    },
  };
}
