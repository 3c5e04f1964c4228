/** GET /tasks (section 8). Default order: ascending task ID; sortDesc=true reverses it. */
import { keyOf, type Route } from '../context.ts';
import { decodeCursor, encodeCursor } from '../cursor.ts';
import { HttpError } from '../http.ts';
import type { Task } from '../model.ts';
import { page, parseLimit } from '../paging.ts';
import { taskJson } from '../task-view.ts';
import { csvParam } from '../validate.ts';

export const listTasks: Route = {
  method: 'GET',
  path: '/tasks',
  query: [
    'limit',
    'lastValue',
    'textSearch',
    'sortDesc',
    'siteIds',
    'statusIds',
    'priorityIds',
    'assigneeIds',
    'typeIds',
  ],
  handle(ctx) {
    const { state, query } = ctx;
    const key = keyOf(ctx);
    const limit = parseLimit(query.limit, 1000, 100);
    const desc = query.sortDesc === 'true';
    let after: number | null = null;
    if (query.lastValue !== undefined) {
      const payload = decodeCursor(state.secret, 'tasks', query.textSearch ?? '', query.lastValue);
      if (
        typeof payload !== 'object' ||
        payload === null ||
        !('id' in payload) ||
        typeof payload.id !== 'number'
      )
        throw new HttpError(400, 'Malformed lastValue.', '02-001');
      after = payload.id;
    }
    const filters: [string[] | null, (t: Task) => string | null][] = [
      [csvParam(query.siteIds), (t) => t.siteId],
      [csvParam(query.statusIds), (t) => t.statusId],
      [csvParam(query.priorityIds), (t) => t.priorityId],
      [csvParam(query.assigneeIds), (t) => t.assigneeId],
      [csvParam(query.typeIds), (t) => t.typeId],
    ];
    const text = query.textSearch?.trim().toLowerCase() ?? '';
    // Tasks are kept in creation (= ascending id) order.
    const tasks = state.world.tasks;
    const picked: Task[] = [];
    for (let n = 0; n < tasks.length && picked.length < limit; n++) {
      const task = tasks[desc ? tasks.length - 1 - n : n];
      if (!task) continue;
      const num = Number(task.id);
      if (after !== null && (desc ? num >= after : num <= after)) continue;
      if (!state.canSeeTask(key, task)) continue;
      if (filters.some(([values, get]) => values !== null && !values.includes(get(task) ?? ''))) continue;
      if (text && !task.name.toLowerCase().includes(text)) continue;
      picked.push(task);
    }
    const last = picked[picked.length - 1];
    return {
      status: 200,
      body: page(
        picked.map((t) => taskJson(state, t)),
        () => encodeCursor(state.secret, 'tasks', query.textSearch ?? '', { id: Number(last?.id ?? 0) }),
      ),
    };
  },
};
