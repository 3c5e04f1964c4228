/** Feed posts (contract section 11): the channel directory for the picker, and drafts (publishing is slack/). */
import type { BaseDeps } from '../../base/deps.ts';
import { createPostChannelDirectory, type PostChannelDirectory } from './channels.ts';

export {
  channelsFromRows,
  filterChannels,
  CHANNEL_CACHE_TTL_MS,
  type PostChannel,
  type PostChannelDirectory,
} from './channels.ts';
export { parseHashtags, MAX_HASHTAGS, type HashtagParse } from '../rules/hashtags.ts';
export { buildPost, sharedContent, type PostDraft } from '../rules/post-draft.ts';

export interface PostsService {
  channels: PostChannelDirectory;
}

export function createPostsService(base: BaseDeps): PostsService {
  return { channels: createPostChannelDirectory(base) };
}
