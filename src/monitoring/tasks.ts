/** GET /tasks (paged, every filter), POST /task/ (create) and PATCH /task/{id} (update). */
import { z } from 'zod';
import type { MonitoringApi, Page, Task, TaskQuery } from './api.ts';
import { boolArg, idArg, idListArg, onlyKeys, segment } from './args.ts';
import type { ResourceContext } from './context.ts';
import { listPaging, paginate, toPage, withinLimit } from './paging.ts';
import { dataEnvelope, listEnvelope, parseBody } from './schemas.ts';
import { createBody, patchBody, taskWire, toTask } from './task-schema.ts';

const QUERY_KEYS = [
  'limit',
  'textSearch',
  'sortDesc',
  'siteIds',
  'statusIds',
  'priorityIds',
  'assigneeIds',
  'typeIds',
];

function listQuery(query: TaskQuery, lastValue: string | null) {
  onlyKeys('query', query, QUERY_KEYS);
  const { limit, params } = listPaging(query, lastValue);
  return {
    limit,
    params: {
      ...params,
      sortDesc: boolArg('sortDesc', query.sortDesc) ? 'true' : undefined,
      siteIds: idListArg('siteIds', query.siteIds),
      statusIds: idListArg('statusIds', query.statusIds),
      priorityIds: idListArg('priorityIds', query.priorityIds),
      assigneeIds: idListArg('assigneeIds', query.assigneeIds),
      typeIds: idListArg('typeIds', query.typeIds),
    },
  };
}

// contract: section 10 — {data: <number>} (the change-log comment) when something changed; {data: SUCCESS}
// when nothing changed or the task has no feed post.
const patchOutcome = dataEnvelope(z.union([z.number(), z.literal('SUCCESS')]));
// Built once: a zod schema is costly to construct and compiles its fast path on first use.
const listWire = listEnvelope(taskWire);
const createdWire = dataEnvelope(z.number());

export function tasksResource(ctx: ResourceContext): MonitoringApi['tasks'] {
  async function listPage(
    query: TaskQuery,
    lastValue?: string | null,
    signal?: AbortSignal,
  ): Promise<Page<Task>> {
    const { limit, params } = listQuery(query, lastValue ?? null);
    const body = await ctx.http.send({ method: 'GET', path: '/tasks', query: params, signal });
    const parsed = parseBody(
      listWire,
      withinLimit(body, limit, 'GET /tasks', ctx.contractViolation),
      'GET /tasks',
    );
    return toPage(parsed.data?.map(toTask) ?? null, parsed.lastValue, limit);
  }

  return {
    list: (query = {}, signal) => {
      listQuery(query, null);
      return paginate((lastValue, s) => listPage(query, lastValue, s), signal);
    },
    listPage,
    async create(input, signal) {
      const json = createBody(input);
      // contract: section 9 — no query string; never retried blindly (a lost answer may hide a created task).
      const body = await ctx.http.send({ method: 'POST', path: '/task/', json, signal });
      // contract: section 9 — "Response: {data: <task_id number>}. The task is not echoed."
      return { taskId: parseBody(createdWire, body, 'POST /task/').data };
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
