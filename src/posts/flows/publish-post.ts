/**
 * Publishing a post: optional Slack files first (signed uploads into the channel's site), then POST /post
 * with exactly one post object (contract: posts per POST /post request — exactly 1).
 */
import type { WebClient } from '@slack/web-api';
import type { BaseDeps } from '../../base/deps.ts';
import {
  FileTransferError,
  resolveTarget,
  transferSlackFiles,
  type FileTransferResult,
  type FileTransferSettings,
  type TransferOrigin,
} from '../../files/index.ts';
import type { PostChannelDirectory } from '../service/channels.ts';
import { buildPost, type PostDraft } from '../rules/post-draft.ts';

export interface PublishRequest {
  client: WebClient;
  draft: PostDraft;
  origin: TransferOrigin;
  /** Slack file ids to upload and name in the post. */
  fileIds?: string[];
}

export interface PublishOutcome {
  postId: number;
  files: FileTransferResult[];
}

export type PublishDeps = BaseDeps & {
  posts: { channels: PostChannelDirectory };
  fileTransfer?: FileTransferSettings;
};

export async function publishPost(deps: PublishDeps, req: PublishRequest): Promise<PublishOutcome> {
  const files = req.fileIds && req.fileIds.length > 0 ? await uploadFiles(deps, req, req.fileIds) : [];
  const uploaded = files.filter((f) => f.ok).map((f) => f.name);
  const { postId } = await deps.monitoring.posts.create(buildPost(req.draft, uploaded));
  return { postId, files };
}

async function uploadFiles(
  deps: PublishDeps,
  req: PublishRequest,
  fileIds: string[],
): Promise<FileTransferResult[]> {
  try {
    const channel = await deps.posts.channels.find(req.draft.channelId);
    const target = await resolveTarget(deps, {
      ...(channel?.siteId ? { siteId: channel.siteId } : {}),
      ...(channel?.dataSourceId ? { dataSourceId: channel.dataSourceId } : {}),
    });
    return await transferSlackFiles(deps, { client: req.client, fileIds, target, origin: req.origin });
  } catch (err) {
    // No place to upload to: the post still goes out, and every file says why it is missing.
    const reason = err instanceof FileTransferError ? err.userText : 'The files could not be uploaded.';
    if (!(err instanceof FileTransferError)) deps.log.warn({ err }, 'post files not uploaded');
    return fileIds.map((id) => ({
      slackFileId: id,
      name: id,
      ok: false,
      reason,
      code: 'PLATFORM_ERROR',
      retryable: true,
    }));
  }
}
