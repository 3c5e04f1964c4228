/** POST /post: exactly one feed post. */
import type { MonitoringApi, PostCreate } from './api.ts';
import {
  boolArg,
  objectArg,
  objectArrayArg,
  optIdArg,
  idArg,
  isPlainObject,
  requiredText,
  strictBody,
  stringArrayArg,
  textArg,
} from './args.ts';
import type { ResourceContext } from './context.ts';
import { badResponse, createdIdAnswer, parseBody } from './schemas.ts';

/**
 * contract: section 11 — any field outside the list (including fromChannelId, postTypeId) gives 400 / 01-004;
 * one post object per request ("an array of two or more fails; an empty array creates nothing").
 */
export function postBody(post: PostCreate): Record<string, unknown> {
  return strictBody('post', post, {
    content: requiredText,
    toChannelId: idArg,
    title: textArg,
    skipNotifications: boolArg,
    payload: objectArg,
    groupingKey: textArg,
    imageId: optIdArg,
    priorityId: optIdArg,
    hashtags: stringArrayArg,
    ctas: objectArrayArg,
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
      return { postId: parseBody(createdIdAnswer, body, 'POST /post').data };
    },
  };
}
