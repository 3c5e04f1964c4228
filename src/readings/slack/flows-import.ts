/**
 * The import conversation, in the thread of the message that carried the CSV: checking → rejected with
 * line numbers, or "arrived, importing asynchronously" → confirmed / could not be confirmed.
 */
import type { Deps } from '../../deps.ts';
import { zoneOrUtc } from '../rules/range.ts';
import { escapeMrkdwn, safeText } from '../../kit/blocks/mrkdwn.ts';
import { renderCsvRejected, renderImportAccepted, renderImportConfirmed } from '../render/reading-import.ts';
import { reportError } from '../../kit/errors.ts';
import { behindProgress, notify, postReply, updateReply, type ReplyTarget } from '../../kit/reply.ts';
import { fetchSlackFile, SlackFileError } from '../../kit/slack-files/slack-file.ts';

export interface ImportRequest {
  fileId: string;
  sourceId: string;
  /** A pattern from TIMESTAMP_FORMATS, or undefined to detect. */
  timestampFormat: string | undefined;
}

export async function importFlow(deps: Deps, target: ReplyTarget, req: ImportRequest): Promise<void> {
  try {
    const [file, source] = await Promise.all([
      fetchSlackFile(target.client, req.fileId),
      deps.sources.load(req.sourceId),
    ]);
    const posted = await postReply(target, {
      text: `Checking ${file.name} for ${source.name}…`,
      blocks: [
        {
          type: 'context',
          elements: [
            {
              type: 'mrkdwn',
              text: `:hourglass_flowing_sand: Checking *${safeText(file.name, 150)}* for *${safeText(source.name, 150)}*…`,
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
      renderImportAccepted(file.name, source.name, check.rows, check.format.pattern),
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
    const root = (posted.channel === target.channel ? target.threadTs : undefined) ?? posted.ts;
    await postReply({ ...target, channel: posted.channel, threadTs: root }, done);
  } catch (err) {
    if (err instanceof SlackFileError) {
      await notify(target, `:warning: I could not read that file from Slack: ${safeText(err.message, 300)}`);
      return;
    }
    await reportError(deps, target, err, { flow: 'reading-import', sourceId: req.sourceId });
  }
}
