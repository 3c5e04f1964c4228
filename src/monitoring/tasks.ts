/** GET /tasks (paged, every filter), POST /task/ (create) and PATCH /task/{id} (update). */
import { z } from 'zod';
import type { MonitoringApi, TaskQuery } from './api.ts';
import { boolArg, idArg, idListArg, segment } from './args.ts';
import type { ResourceContext } from './context.ts';
import { listParams, pagedGet } from './paging.ts';
import { createdIdAnswer, dataEnvelope, parseBody, rowsOf } from './schemas.ts';
import { glanceRows } from './task-glance.ts';
import { createBody, patchBody, taskWire, toTask } from './task-schema.ts';

const FILTER_KEYS = ['sortDesc', 'siteIds', 'statusIds', 'priorityIds', 'assigneeIds', 'typeIds'];

function listQuery(query: TaskQuery, lastValue: string | null) {
  return listParams(query, lastValue, FILTER_KEYS, (q) => ({
    sortDesc: boolArg('sortDesc', q.sortDesc) ? 'true' : undefined,
    siteIds: idListArg('siteIds', q.siteIds),
    statusIds: idListArg('statusIds', q.statusIds),
    priorityIds: idListArg('priorityIds', q.priorityIds),
    assigneeIds: idListArg('assigneeIds', q.assigneeIds),
    typeIds: idListArg('typeIds', q.typeIds),
  }));
}

// contract: section 10 — {data: <number>} (the change-log comment) when something changed; {data: SUCCESS}
// when nothing changed or the task has no feed post.
const patchOutcome = dataEnvelope(z.union([z.number(), z.literal('SUCCESS')]));
// Built once: a zod schema is costly to construct and compiles its fast path on first use.
const listRows = rowsOf(taskWire, toTask);

export function tasksResource(ctx: ResourceContext): MonitoringApi['tasks'] {
  const pages = pagedGet(ctx, { path: '/tasks', rows: listRows, build: listQuery });
  // The rows checked only where TaskGlance reads them (./task-glance.ts); full() checks the rest.
  const glances = pagedGet(ctx, { path: '/tasks', rows: glanceRows, build: listQuery });
  return {
    list: (query = {}, signal) => pages.all(query, signal),
    listPage: pages.page,
    glancePage: glances.page,
    async create(input, signal) {
      const json = createBody(input);
      // contract: section 9 — no query string; never retried blindly (a lost answer may hide a created task).
      const body = await ctx.http.send({ method: 'POST', path: '/task/', json, signal });
      // contract: section 9 — "Response: {data: <task_id number>}. The task is not echoed."
      return { taskId: parseBody(createdIdAnswer, body, 'POST /task/').data };
    },
    async update(id, patch, signal) {
      const json = patchBody(patch);
      const path = `/task/${segment(idArg('id', id))}`;
      const body = await ctx.http.send({ method: 'PATCH', path, json, signal });
      const outcome = parseBody(patchOutcome, body, 'PATCH /task/{id}').data;
      return outcome === 'SUCCESS' ? { changed: false } : { changed: true, commentId: outcome };
    },
  };
}
