/** POST /post (section 11): exactly one post; unknown fields give 400 with internalErrorCode 01-004. */
import { apiRoute, type KeyedRequest } from '../context.ts';
import { HttpError, noAccess, ValidationError, type Reply } from '../http.ts';
import { bool, id, isObj, objectList, str, stringList } from '../validate.ts';

/** contract: section 11 — the only fields a feed post body may carry. */
export const POST_FIELDS = [
  'content',
  'toChannelId',
  'title',
  'skipNotifications',
  'payload',
  'groupingKey',
  'imageId',
  'priorityId',
  'hashtags',
  'ctas',
];

function writePost({ state, key, body: raw }: KeyedRequest): Reply {
  let body = raw;
  if (Array.isArray(body)) {
    // contract: section 11 — "an empty array creates nothing and returns {} with no data key".
    if (body.length === 0) return { status: 200, body: {} };
    // "An array of two or more fails."
    if (body.length > 1) throw new ValidationError('exactly one post per request');
    body = body[0];
  }
  if (!isObj(body)) throw new ValidationError('post must be an object');
  for (const field of Object.keys(body)) {
    // contract: section 11 — any other field (fromChannelId, postTypeId, …) "gives 400 with internalErrorCode 01-004".
    if (!POST_FIELDS.includes(field)) throw new HttpError(400, `Field ${field} is not allowed.`, '01-004');
  }
  str(body, 'content', { required: true, nonEmpty: true });
  const channel = id(body, 'toChannelId', true) ?? '';
  str(body, 'title');
  bool(body, 'skipNotifications');
  if (body.payload !== undefined && !isObj(body.payload))
    throw new ValidationError('payload must be an object');
  str(body, 'groupingKey');
  id(body, 'imageId');
  id(body, 'priorityId');
  stringList(body, 'hashtags');
  objectList(body, 'ctas');
  const site = state.siteOfChannel(channel);
  if (site && !state.siteAllowed(key, site.id)) throw noAccess('channel');
  const post = {
    id: state.seq.post++,
    body: { ...body },
    taskId: null,
    byUserId: key.userId,
    at: state.now(),
    removedFromFeed: false,
  };
  state.posts.push(post);
  return { status: 200, body: { data: post.id } };
}

export const createPost = apiRoute('POST', '/post', [], writePost);
