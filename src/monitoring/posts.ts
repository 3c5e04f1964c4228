/** POST /post: exactly one feed post. */
import { z } from 'zod';
import type { MonitoringApi, PostCreate } from './api.ts';
import {
  boolArg,
  compact,
  objectArg,
  objectArrayArg,
  onlyKeys,
  optIdArg,
  idArg,
  isPlainObject,
  requiredText,
  stringArrayArg,
  textArg,
} from './args.ts';
import type { ResourceContext } from './context.ts';
import { badResponse, dataEnvelope, parseBody } from './schemas.ts';

const POST_KEYS = [
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

/**
 * contract: section 11 — any field outside the list (including fromChannelId, postTypeId) gives 400 / 01-004;
 * one post object per request ("an array of two or more fails; an empty array creates nothing").
 */
export function postBody(post: PostCreate): Record<string, unknown> {
  onlyKeys('post', post, POST_KEYS);
  return compact({
    content: requiredText('content', post.content),
    toChannelId: idArg('toChannelId', post.toChannelId),
    title: textArg('title', post.title),
    skipNotifications: boolArg('skipNotifications', post.skipNotifications),
    payload: objectArg('payload', post.payload),
    groupingKey: textArg('groupingKey', post.groupingKey),
    imageId: optIdArg('imageId', post.imageId),
    priorityId: optIdArg('priorityId', post.priorityId),
    hashtags: stringArrayArg('hashtags', post.hashtags),
    ctas: objectArrayArg('ctas', post.ctas),
  });
}

export function postsResource(ctx: ResourceContext): MonitoringApi['posts'] {
  return {
    async create(post, signal) {
      const json = postBody(post);
      // Never retried blindly: a lost answer may hide a created post.
      const body = await ctx.http.send({ method: 'POST', path: '/post', json, signal });
      // contract: section 11 — "an empty array creates nothing and returns {} with no data key". The client
      // never sends an array, so such an answer means no post exists: say so rather than report an id.
      if (isPlainObject(body) && !('data' in body)) {
        return badResponse('POST /post: the platform created no post ({} without data)', body);
      }
      // contract: section 11 — "Response: {data: <post_id number>}."
      return { postId: parseBody(dataEnvelope(z.number()), body, 'POST /post').data };
    },
  };
}
