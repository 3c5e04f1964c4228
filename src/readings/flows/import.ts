/**
 * The import conversation, in the thread of the message that carried the CSV — where the person started the
 * import (a channel's thread, or their DM with the app): one message that goes checking → rejected with line
 * numbers, or → "arrived, importing asynchronously", then one reply with the outcome (confirmed / could not be
 * confirmed). Each is said once, there: no ephemeral copy, no copy sent to the channel as well.
 */
import type { Deps } from '../../base/deps.ts';
import { accessibleSlackFile, FileTransferError } from '../../files/index.ts';
import { zoneOrUtc } from '../rules/range.ts';
import { escapeMrkdwn, safeName, safeText } from '../../kit/blocks/mrkdwn.ts';
import { renderCsvRejected, renderImportAccepted, renderImportConfirmed } from '../render/reading-import.ts';
import { reportError } from '../../kit/errors.ts';
import { behindProgress, notify, postReply, updateReply, type ReplyTarget } from '../../kit/reply/index.ts';
import { fetchSlackFile, SlackFileError } from '../../kit/slack-files/slack-file.ts';

export interface ImportRequest {
  fileId: string;
  sourceId: string;
  /** A pattern from TIMESTAMP_FORMATS, or undefined to detect. */
  timestampFormat: string | undefined;
}

/** What the import conversation uses: the sources service and the log. */
export type ImportFlowDeps = Pick<Deps, 'sources' | 'log'>;

export async function importFlow(
  deps: ImportFlowDeps,
  target: ReplyTarget,
  req: ImportRequest,
): Promise<void> {
  try {
    const [file, source] = await Promise.all([
      readAllowedFile(target, req.fileId),
      deps.sources.load(req.sourceId),
    ]);
    const posted = await postReply(target, {
      text: `Checking ${safeName(file.name, 150)} for ${safeName(source.name, 150)}…`,
      blocks: [
        {
          type: 'context',
          elements: [
            {
              type: 'mrkdwn',
              text: `:hourglass_flowing_sand: Checking *${safeName(file.name, 150)}* for *${safeName(source.name, 150)}*…`,
            },
          ],
        },
      ],
    });
    const failure = `Could not import ${escapeMrkdwn(file.name)} into ${escapeMrkdwn(source.name)}.`;
    const outcome = await behindProgress(target.client, posted, failure, () =>
      deps.sources.importCsv(source, file.bytes, req.timestampFormat),
    );
    if (outcome.kind === 'rejected') {
      await updateReply(
        target.client,
        posted,
        renderCsvRejected(file.name, source.name, outcome.check.problems, outcome.check.more),
      );
      return;
    }
    const { check } = outcome;
    await updateReply(
      target.client,
      posted,
      renderImportAccepted(file.name, source.name, check.rows, check.format.pattern, check.notes),
    );
    const result = await deps.sources.confirmImport({
      sourceId: source.id,
      zone: zoneOrUtc(source.tzTimezoneName),
      firstMs: check.firstMs,
      lastMs: check.lastMs,
      sampleMs: check.sampleMs,
    });
    const done = renderImportConfirmed(
      file.name,
      source.name,
      result.confirmed,
      Math.round(result.waitedMs / 1000),
    );
    // The thread the progress message is in: the file's thread, or that message's own when it went to the DM.
    const root = (posted.channel === target.channel ? target.threadTs : undefined) ?? posted.ts;
    await postReply({ ...target, channel: posted.channel, threadTs: root }, done);
  } catch (err) {
    if (err instanceof FileTransferError) {
      // Refused before anything of the file was read: the sentence names nothing of it.
      await notify(target, `:warning: ${safeText(err.userText, 300)}`);
      return;
    }
    if (err instanceof SlackFileError) {
      await notify(target, `:warning: I could not read that file from Slack: ${safeText(err.message, 300)}`);
      return;
    }
    await reportError(deps, target, err, { flow: 'reading-import', sourceId: req.sourceId });
  }
}

/**
 * A file id from the modal's choice or from the DM button is no authority: the file must be shared in the
 * conversation the import was started from (fieldline's sealed metadata, taken from the signed payload), and the
 * person must be in it or have uploaded the file (files' access rule), before a byte of it is read.
 */
async function readAllowedFile(target: ReplyTarget, fileId: string) {
  await accessibleSlackFile(target.client, fileId, { channel: target.channel, user: target.user });
  return fetchSlackFile(target.client, fileId);
}
