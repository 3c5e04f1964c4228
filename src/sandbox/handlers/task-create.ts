/** POST /task/ (section 9): strict body, type/device pairing, {data: <task id number>}. */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { HttpError, noAccess, ValidationError, type Reply } from '../http.ts';
import { insertTask } from '../task-ops.ts';
import { bool, dateOnly, id, idList, objectList, str, strictObj } from '../validate.ts';

const FIELDS = [
  'name',
  'siteId',
  'typeId',
  'deviceId',
  'priorityId',
  'statusId',
  'description',
  'dueDate',
  'assigneeId',
  'toChannelId',
  'fileIds',
  'formattedDescription',
  'timeSpentMandatory',
  'noInitialComment',
];

function insertFromBody({ state, key, body: raw }: KeyedRequest): Reply {
  // contract: section 9 — "strict: any field not listed gives 400, including imageIds, mentions, hashtags, ctas".
  const body = strictObj(raw, FIELDS, 'task');
  // contract: section 9 — "An explicit null for statusId or typeId is rejected" (id() rejects any non-string).
  const name = str(body, 'name', { required: true, nonEmpty: true }) ?? '';
  const siteId = id(body, 'siteId', true) ?? '';
  const typeId = id(body, 'typeId');
  const deviceId = id(body, 'deviceId');
  // contract: section 9 — an omitted typeId "fails asking for deviceId"; the sandbox takes that reading.
  if (typeId === undefined) throw new ValidationError('deviceId is required (typeId missing)');
  if (typeId !== '1' && typeId !== '3') throw new ValidationError('typeId must be 1 or 3');
  if (typeId === '3' && deviceId === undefined)
    throw new ValidationError('deviceId is required when typeId is 3');
  if (typeId === '1' && deviceId !== undefined)
    throw new ValidationError('deviceId is not allowed when typeId is 1');
  const input = {
    statusId: id(body, 'statusId'),
    priorityId: id(body, 'priorityId'),
    assigneeId: id(body, 'assigneeId'),
    channelId: id(body, 'toChannelId'),
    fileIds: idList(body, 'fileIds'),
    description: str(body, 'description'),
    dueDate: body.dueDate === undefined ? undefined : dateOnly(body.dueDate, 'dueDate'),
    formattedDescription: objectList(body, 'formattedDescription'),
    timeSpentMandatory: bool(body, 'timeSpentMandatory'),
    noInitialComment: bool(body, 'noInitialComment'),
  };
  // An existing site the key may not touch is 401; an unknown site is "accepted and ignored".
  const site = state.site(siteId);
  if (site && !state.siteAllowed(key, site.id)) throw noAccess('site');
  if (!site && key.siteIds !== null) throw noAccess('site');
  if (deviceId !== undefined) {
    const device = state.world.sourceById.get(deviceId);
    if (!device) throw new HttpError(409, `Data source ${deviceId} does not exist.`, '02-001');
    if (!state.canRead(key, device)) throw noAccess('data source');
  }
  const task = insertTask(state, {
    ...input,
    name,
    siteId,
    typeId,
    deviceId: deviceId ?? null,
    // auditInfo.createdBy is the key's user (contract: Authentication rule 3).
    byUserId: key.userId,
  });
  state.createdTasks.push({ taskId: task.id, body: { ...body }, at: state.now() });
  // contract: state table — "feed post created in the target channel" (listed with the written posts).
  const post = { toChannelId: task.channelId, title: task.name };
  state.posts.push({
    id: task.postId,
    body: post,
    taskId: task.id,
    at: state.now(),
    removedFromFeed: !task.postInFeed,
  });
  // contract: section 9 — "Response: {data: <task_id number>}. The task is not echoed."
  return { status: 200, body: { data: Number(task.id) } };
}

export const createTask = apiRoute('POST', '/task', [], insertFromBody);
