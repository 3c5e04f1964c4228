/**
 * The posts feature: `/post`, the Share to feed message shortcut, the post modal and its channel typeahead.
 * `registerPosts` registers every listener: the post modal's submission is a declaration (src/kit/entry.ts),
 * published as a job; the rest is answered on receipt (Bolt listeners). Other features import posts from this
 * file only.
 */
import type { ListenerApp } from '../kit/entry.ts';
import type { Deps } from '../base/deps.ts';
import { POST_FIELDS } from './render/post-modal.ts';
import { handlePostCommand } from './slack/command-post.ts';
import { handlePostChannelOptions } from './slack/options-post-channel.ts';
import { handleShareToFeed } from './slack/shortcut-share-to-feed.ts';
import { postSubmit } from './slack/view-post-submit.ts';
import { POST_HELP } from './render/post-help.ts';

export { createPostsService, type PostsService } from './service/posts-service.ts';
export { POST_HELP } from './render/post-help.ts';
/** What the Workflow Builder step "Post to the platform feed" reuses (issue 41): the modal's rules, publishing. */
export { validatePostValues } from './flows/post-form.ts';
export { POST_FIELDS } from './render/post-modal.ts';
export { publishPost } from './flows/publish-post.ts';
export type { PostChannel } from './service/channels.ts';
/** The slash commands of this feature, with their help (the manifest lists the same). */
export const COMMANDS = [POST_HELP];

export function registerPosts(app: ListenerApp, deps: Deps): void {
  app.command('/post', (args) => handlePostCommand(args));
  app.shortcut({ callback_id: 'share_to_feed', type: 'message_action' }, (args) =>
    handleShareToFeed(args, deps),
  );
  app.entry(postSubmit(deps));
  app.options<'block_suggestion'>(POST_FIELDS.channel, (args) => handlePostChannelOptions(args, deps));
}
