/**
 * The import conversation, in the thread of the message that carried the CSV: checking → rejected with
 * line numbers, or "arrived, importing asynchronously" → confirmed / could not be confirmed. Each outcome
 * also reaches the person where they are: an ephemeral in the conversation (the modal has closed and the
 * thread may be folded), and the final answer is a thread reply also sent to the conversation.
 */
import type { Deps } from '../../deps.ts';
import { zoneOrUtc } from '../rules/range.ts';
import { escapeMrkdwn, safeName, safeText } from '../../kit/blocks/mrkdwn.ts';
import { renderCsvRejected, renderImportAccepted, renderImportConfirmed } from '../render/reading-import.ts';
import { reportError } from '../../kit/errors.ts';
import {
  behindProgress,
  notify,
  postReply,
  updateReply,
  type Message,
  type Posted,
  type ReplyTarget,
} from '../../kit/reply.ts';
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
      fetchSlackFile(target.client, req.fileId),
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
      const rejected = renderCsvRejected(file.name, source.name, outcome.check.problems, outcome.check.more);
      await updateReply(target.client, posted, rejected);
      await tellHere(deps, target, posted, rejected);
      return;
    }
    const { check } = outcome;
    const accepted = renderImportAccepted(
      file.name,
      source.name,
      check.rows,
      check.format.pattern,
      check.notes,
    );
    await updateReply(target.client, posted, accepted);
    await tellHere(deps, target, posted, accepted);
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
    await broadcastReply(deps, { ...target, channel: posted.channel, threadTs: root }, done);
    await tellHere(deps, target, posted, done);
  } catch (err) {
    if (err instanceof SlackFileError) {
      await notify(target, `:warning: I could not read that file from Slack: ${safeText(err.message, 300)}`);
      return;
    }
    await reportError(deps, target, err, { flow: 'reading-import', sourceId: req.sourceId });
  }
}

/** An ephemeral copy of `message` in the conversation itself (not the thread), where the person is looking. */
async function tellHere(
  deps: ImportFlowDeps,
  target: ReplyTarget,
  posted: Posted,
  message: Message,
): Promise<void> {
  // answered in the DM instead (the bot cannot post here): the ephemeral would not reach anyone
  if (posted.channel !== target.channel) return;
  try {
    await target.client.chat.postEphemeral({
      channel: target.channel,
      user: target.user,
      text: message.text,
      ...(message.blocks ? { blocks: message.blocks } : {}),
    });
  } catch (err) {
    deps.log.warn({ err, channel: target.channel }, 'could not show the import outcome as an ephemeral');
  }
}

/** The final answer: a thread reply also sent to the conversation ("Also send to channel"). */
async function broadcastReply(deps: ImportFlowDeps, target: ReplyTarget, message: Message): Promise<void> {
  try {
    const content = {
      channel: target.channel,
      text: message.text,
      ...(message.blocks ? { blocks: message.blocks } : {}),
      unfurl_links: false,
    };
    if (target.threadTs)
      await target.client.chat.postMessage({ ...content, thread_ts: target.threadTs, reply_broadcast: true });
    else await target.client.chat.postMessage(content);
  } catch (err) {
    deps.log.warn(
      { err, channel: target.channel },
      'could not broadcast the import outcome; replying in thread',
    );
    await postReply(target, message);
  }
}
