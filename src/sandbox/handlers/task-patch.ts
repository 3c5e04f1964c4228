/** PATCH /task/{id} (section 10): strict partial update answering a comment id or SUCCESS. */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { noAccess, ValidationError, type Reply } from '../http.ts';
import { applyTaskChange, type TaskChange } from '../task-ops.ts';
import { bool, dateOnly, id, idList, objectList, str, strictObj } from '../validate.ts';

/**
 * contract: section 10 — listed fields plus `assigneeId`, which the contract calls unreliable: the sandbox
 * accepts it and honours it only when the assignee belongs to the task's site (README).
 */
const FIELDS = [
  'statusId',
  'priorityId',
  'name',
  'description',
  'dueDate',
  'siteId',
  'toChannelId',
  'fileIds',
  'formattedDescription',
  'timeSpentMandatory',
  'id',
  'assigneeId',
];

function nullable<T>(body: Record<string, unknown>, key: string, parse: () => T): T | null | undefined {
  return body[key] === null ? null : parse();
}

function patchFromBody({ state, key, params, body: raw }: KeyedRequest): Reply {
  // contract: section 10 — "an empty or missing body is valid and reports no change".
  const body = raw === undefined ? {} : strictObj(raw, FIELDS, 'task patch');
  const change: TaskChange = {
    statusId: id(body, 'statusId'),
    priorityId: nullable(body, 'priorityId', () => id(body, 'priorityId')),
    name: str(body, 'name', { nonEmpty: true }),
    description: nullable(body, 'description', () => str(body, 'description')),
    dueDate: nullable(body, 'dueDate', () =>
      body.dueDate === undefined ? undefined : dateOnly(body.dueDate, 'dueDate'),
    ),
    siteId: id(body, 'siteId'),
    channelId: id(body, 'toChannelId'),
    fileIds: idList(body, 'fileIds'),
    formattedDescription: objectList(body, 'formattedDescription'),
    timeSpentMandatory: bool(body, 'timeSpentMandatory'),
    assigneeId: nullable(body, 'assigneeId', () => id(body, 'assigneeId')),
  };
  // `id` in the body is redundant: "the path value wins"; it still has to be a string.
  if (body.id !== undefined && typeof body.id !== 'string') throw new ValidationError('id must be a string');
  const task = state.world.taskById.get(params.id ?? '');
  if (!task || !state.canSeeTask(key, task)) throw noAccess('task');
  if (change.siteId !== undefined && state.site(change.siteId) && !state.siteAllowed(key, change.siteId))
    throw noAccess('site');
  const outcome = applyTaskChange(state, task, change, key.userId);
  state.patches.push({
    taskId: task.id,
    body: { ...body },
    commentId: outcome.commentId,
    changes: outcome.changes,
    ignored: outcome.ignored,
    at: state.now(),
  });
  // contract: section 10 — {data: <comment id number>} when something changed; {data: SUCCESS} otherwise.
  return { status: 200, body: { data: outcome.commentId ?? 'SUCCESS' } };
}

export const patchTask = apiRoute('PATCH', '/task/{id}', [], patchFromBody);
