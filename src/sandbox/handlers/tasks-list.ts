/** GET /tasks (section 8). Default order: ascending task ID; sortDesc=true reverses it. */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { decodeNumberCursor, encodeCursor } from '../cursor.ts';
import type { Reply } from '../http.ts';
import type { Task } from '../model.ts';
import { LIST_PAGING, page, parseLimit } from '../paging.ts';
import { taskJson } from '../task-view.ts';
import { csvParam } from '../validate.ts';

const QUERY = [...LIST_PAGING, 'sortDesc', 'siteIds', 'statusIds', 'priorityIds', 'assigneeIds', 'typeIds'];

function listVisibleTasks({ state, key, query }: KeyedRequest): Reply {
  const limit = parseLimit(query.limit, 1000, 100);
  const desc = query.sortDesc === 'true';
  const after =
    query.lastValue === undefined
      ? null
      : decodeNumberCursor(state.secret, 'tasks', query.textSearch ?? '', query.lastValue, 'id');
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
  return page(
    picked,
    (t) => taskJson(state, t),
    (last) => encodeCursor(state.secret, 'tasks', query.textSearch ?? '', { id: Number(last.id) }),
  );
}

export const listTasks = apiRoute('GET', '/tasks', QUERY, listVisibleTasks);
