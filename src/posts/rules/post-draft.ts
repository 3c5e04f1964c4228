/**
 * What the person wrote in the post modal → the contract's post object.
 * contract: POST /post — "Any other field (including fromChannelId, postTypeId …) gives 400 with 01-004": the
 * object is built field by field from the allowed list, never spread from user input.
 */
import type { PostCreate } from '../../monitoring/api.ts';

export interface PostDraft {
  content: string;
  title?: string;
  /** Platform channel id. */
  channelId: string;
  hashtags: string[];
  skipNotifications: boolean;
}

/**
 * Names of files uploaded with the post; the contract gives no file id after an upload, only names. The post
 * keeps only the plain list: that the platform is still processing them is told in the Slack confirmation.
 */
export function buildPost(draft: PostDraft, uploadedFiles: readonly string[] = []): PostCreate {
  const files = uploadedFiles.length > 0 ? `Files: ${uploadedFiles.join(', ')}` : '';
  const content = [draft.content.trim(), files].filter((part) => part !== '').join('\n\n');
  const post: PostCreate = { content, toChannelId: draft.channelId };
  const title = draft.title?.trim();
  if (title) post.title = title;
  if (draft.hashtags.length > 0) post.hashtags = [...draft.hashtags];
  if (draft.skipNotifications) post.skipNotifications = true;
  return post;
}

/**
 * The lines a shared Slack message starts the post with: its text, then who shared it, who wrote it (when that
 * is someone else) and where, as a sentence that still reads well when the message has no text (a file-only
 * message) or a name could not be looked up: "Shared from Slack by Ana Silva — message by Ben Okafor: <link>".
 */
export function sharedContent(message: {
  text: string;
  /** The person who used the shortcut. */
  sharer?: string | null;
  /** The message's author; null when it is the sharer or unknown. */
  author?: string | null;
  permalink?: string | null;
}): string {
  const by = message.sharer ? ` by ${message.sharer}` : '';
  const wrote = message.author ? ` — message by ${message.author}` : '';
  const credit = `Shared from Slack${by}${wrote}${message.permalink ? `: ${message.permalink}` : ''}`;
  return [message.text.trim(), credit].filter((part) => part !== '').join('\n\n');
}
