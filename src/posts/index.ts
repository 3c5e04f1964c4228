/**
 * The posts feature: `/post`, the Share to feed message shortcut, the post modal and its channel typeahead.
 * `registerPosts` registers every listener; other features import posts from this file only.
 */
import type { App } from '@slack/bolt';
import type { Deps } from '../deps.ts';
import { registerPostChannelOptions } from './slack/post-channel.ts';
import { registerPostCommand } from './slack/post-command.ts';
import { registerPostSubmit } from './slack/post-submit.ts';
import { registerShareToFeed } from './slack/share-to-feed.ts';

export { createPostsService, type PostsService } from './service/posts-service.ts';

export function registerPosts(app: App, deps: Deps): void {
  registerPostCommand(app, deps);
  registerShareToFeed(app, deps);
  registerPostSubmit(app, deps);
  registerPostChannelOptions(app, deps);
}
