/**
 * Runs an upload of Slack files to the platform with one progress message updated in place
 * ("2 of 5 uploaded"), ending in per-file results and, for retryable failures, a Retry button.
 * Started by the upload modal's submission and by that Retry button.
 */
import type { WebClient } from '@slack/web-api';
import {
  FileTransferError,
  resolveTarget,
  transferSlackFiles,
  type FileTransferResult,
  type FileTransferDeps,
  type TargetChoice,
  type TransferTarget,
} from '../transfer/index.ts';
import { LiveMessage } from '../transfer/live-message.ts';
import { encodeRetryValue } from '../render/file-retry-value.ts';
import { renderUploadBlocked, renderUploadProgress, renderUploadResult } from '../render/file-upload.ts';
import { userMessageFor } from '../../kit/errors.ts';

export interface UploadJob {
  client: WebClient;
  user: string;
  /** The channel and message the files are on. */
  channel: string;
  messageTs?: string;
  /** The thread the message is a reply in (progress goes there); absent for a top-level message. */
  threadTs?: string;
  fileIds: string[];
  target: { choice: TargetChoice } | { resolved: TransferTarget };
  /** Reuse this message for progress (Retry); otherwise a new one is posted in the message's thread. */
  progress?: { channel: string; ts: string };
}

/** What an upload needs: the platform as the acting person, a log, and the optional transfer settings. */
export type UploadJobDeps = FileTransferDeps;

export async function runUploadJob(
  deps: UploadJobDeps,
  job: UploadJob,
): Promise<FileTransferResult[] | null> {
  const total = job.fileIds.length;
  const first = renderUploadProgress(0, 0, total);
  const live = job.progress
    ? LiveMessage.existing(job.client, deps.log, job.progress.channel, job.progress.ts)
    : await LiveMessage.start(
        job.client,
        deps.log,
        {
          channel: job.channel,
          user: job.user,
          ...(job.threadTs || job.messageTs ? { threadTs: job.threadTs ?? job.messageTs } : {}),
        },
        first,
      );
  if (job.progress) live.update(first);

  let target: TransferTarget;
  try {
    target = 'resolved' in job.target ? job.target.resolved : await resolveTarget(deps, job.target.choice);
  } catch (err) {
    const reason =
      err instanceof FileTransferError ? err.userText : userMessageFor(err).text.replace(/^:warning: /, '');
    if (!(err instanceof FileTransferError)) deps.log.warn({ err }, 'upload target not resolved');
    await live.finish(renderUploadBlocked(reason));
    return null;
  }

  const permalink = job.messageTs ? await permalinkOf(job.client, job.channel, job.messageTs) : undefined;
  let uploaded = 0;
  let failed = 0;
  const results = await transferSlackFiles(deps, {
    client: job.client,
    fileIds: job.fileIds,
    target,
    origin: {
      channel: job.channel,
      user: job.user,
      ...(job.messageTs ? { ts: job.messageTs } : {}),
      ...(permalink ? { permalink } : {}),
    },
    onProgress: (_done, all, result) => {
      if (result.ok) uploaded++;
      else failed++;
      live.update(renderUploadProgress(uploaded, failed, all));
    },
  });
  const retryable = results.filter((r) => !r.ok && r.retryable).map((r) => r.slackFileId);
  const retryValue =
    retryable.length > 0
      ? encodeRetryValue({
          fileIds: retryable,
          target,
          channel: job.channel,
          ...(job.messageTs ? { messageTs: job.messageTs } : {}),
        })
      : null;
  await live.finish(renderUploadResult(results, retryValue));
  return results;
}

async function permalinkOf(client: WebClient, channel: string, ts: string): Promise<string | undefined> {
  try {
    return (await client.chat.getPermalink({ channel, message_ts: ts })).permalink;
  } catch {
    return undefined;
  }
}
