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

/** Names of files uploaded with the post; the contract gives no file id after an upload, only names. */
export function buildPost(draft: PostDraft, uploadedFiles: readonly string[] = []): PostCreate {
  const files =
    uploadedFiles.length > 0
      ? `\n\nFiles: ${uploadedFiles.join(', ')} (uploaded to the platform, which is still processing them)`
      : '';
  const post: PostCreate = { content: `${draft.content.trim()}${files}`, toChannelId: draft.channelId };
  const title = draft.title?.trim();
  if (title) post.title = title;
  if (draft.hashtags.length > 0) post.hashtags = [...draft.hashtags];
  if (draft.skipNotifications) post.skipNotifications = true;
  return post;
}

/** The lines a shared Slack message starts the post with: its text, then who wrote it and where. */
export function sharedContent(message: {
  text: string;
  author?: string | null;
  permalink?: string | null;
}): string {
  const credit = [
    message.author ? `— ${message.author}` : '—',
    'in Slack',
    message.permalink ? `: ${message.permalink}` : '',
  ]
    .join(' ')
    .replace(' :', ':');
  return `${message.text.trim()}\n\n${credit}`.trim();
}
