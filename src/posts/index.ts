/**
 * The posts feature: `/post`, the Share to feed message shortcut, the post modal and its channel typeahead.
 * `registerPosts` registers every listener (named handlers, callable in tests without an App); other features
 * import posts from this file only.
 */
import type { ViewSubmitAction } from '@slack/bolt';
import type { ListenerApp } from '../runtime/listener-table.ts';
import type { Deps } from '../base/deps.ts';
import { POST_CALLBACK_ID, POST_FIELDS } from './render/post-modal.ts';
import { handlePostChannelOptions } from './slack/post-channel.ts';
import { handlePostCommand } from './slack/post-command.ts';
import { handlePostSubmit, PUBLISH_AT_DOOR } from './slack/post-submit.ts';
import { handleShareToFeed } from './slack/share-to-feed.ts';

export { createPostsService, type PostsService } from './service/posts-service.ts';

export function registerPosts(app: ListenerApp, deps: Deps): void {
  app.command('/post', (args) => handlePostCommand(args));
  app.shortcut({ callback_id: 'share_to_feed', type: 'message_action' }, (args) =>
    handleShareToFeed(args, deps),
  );
  app.view<ViewSubmitAction>(POST_CALLBACK_ID, (args) => handlePostSubmit(args, deps));
  // A full job queue refuses it before the app (src/runtime/jobs/door.ts), as handOff would.
  app.busyAtDoor(PUBLISH_AT_DOOR);
  app.options<'block_suggestion'>(POST_FIELDS.channel, (args) => handlePostChannelOptions(args, deps));
}
