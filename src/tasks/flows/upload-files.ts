/**
 * Files on the origin message, uploaded to the platform after the task exists (the files feature's signed
 * upload pipeline). contract: signed uploads give no file id, so the files cannot be linked to the task by
 * id — the note says so honestly.
 */
import type { WebClient } from '@slack/web-api';
import type { BaseDeps, Deps } from '../../base/deps.ts';
import type { Task } from '../../monitoring/api.ts';
import { FileTransferError } from '../../kit/slack-files/transfer-error.ts';
import { resolveTarget } from '../../files/index.ts';
import { transferSlackFiles } from '../../files/index.ts';
import { safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import type { CreateMeta } from '../render/task-create-modal.ts';
import { userMessageFor } from '../../kit/errors.ts';

export async function uploadMessageFiles(
  deps: BaseDeps & Pick<Deps, 'fileTransfer'>,
  client: WebClient,
  req: { user: string; meta: CreateMeta; task: Task; fileIds: string[] },
): Promise<string> {
  const { meta, task } = req;
  try {
    const target = await resolveTarget(
      deps,
      task.device ? { dataSourceId: task.device.id } : { siteId: task.site?.id ?? '' },
    );
    const results = await transferSlackFiles(deps, {
      client,
      fileIds: req.fileIds,
      target,
      origin: {
        channel: meta.origin?.channel ?? '',
        user: req.user,
        ...(meta.origin ? { ts: meta.origin.ts } : {}),
        ...(meta.permalink ? { permalink: meta.permalink } : {}),
      },
    });
    const ok = results.filter((r) => r.ok).map((r) => safeName(r.name, 100));
    const failed = results.flatMap((r) =>
      r.ok ? [] : [`${safeName(r.name, 100)}: ${safeText(r.reason, 300)}`],
    );
    const lines = [];
    if (ok.length) {
      lines.push(
        `Uploaded ${ok.length} file${ok.length > 1 ? 's' : ''} to the platform (${ok.join(', ')}). ` +
          'The platform is processing them; they show with the task’s site (or its data source) once that is done. ' +
          'The platform does not attach uploads to a task, so they are not on the task itself.',
      );
    }
    if (failed.length) lines.push(`Not uploaded:\n• ${failed.join('\n• ')}`);
    return lines.join('\n');
  } catch (err) {
    const why = err instanceof FileTransferError ? safeText(err.userText, 500) : userMessageFor(err).text;
    return `The message's files were not uploaded: ${why}`;
  }
}
