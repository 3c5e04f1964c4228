/**
 * The /reading conversation: resolve the data source, show progress, answer with the summary, put the chart
 * into the answer's thread; or export the range as a CSV file. Runs after ack; failures reach the user
 * through reportError.
 */
import { shareFile } from '../../kit/slack-files/upload-file.ts';
import type { Deps } from '../../base/deps.ts';
import type { DataSource } from '../../monitoring/api.ts';
import { chartPng } from '../chart/chart-cache.ts';
import {
  ReadingRangeError,
  resolveRange,
  toLocalForm,
  zoneOrUtc,
  type RangeSpec,
  type ResolvedRange,
} from '../rules/range.ts';
import { explainRange, rangeExamples, sourceSplits } from '../rules/range-explain.ts';
import { renderExportOutcome, renderExportProgress } from '../render/reading-export.ts';
import { renderReadingProgress, renderReadingReport } from '../render/reading-report.ts';
import { renderSourceChoice } from '../render/reading-choice.ts';
import { escapeMrkdwn, safeText } from '../../kit/blocks/mrkdwn.ts';
import { reportError } from '../../kit/errors.ts';
import { exportFileName, exportToSlack } from './csv-export.ts';
import { privateExport, privateReport } from './private-answer.ts';
import type { ReadingTarget } from './reply-target.ts';
import { sharedByLine, sharedWithOtherOrg } from '../../files/index.ts';
import {
  behindProgress,
  notify,
  postReply,
  updateReply,
  type Posted,
  type ReplyTarget,
} from '../../kit/reply/index.ts';

/** What the /reading conversation uses: the sources service, the clock, the log, the person's platform client. */
export type ReadingFlowDeps = Pick<Deps, 'sources' | 'clock' | 'log' | 'monitoring'>;

export interface ReadingRequest {
  spec: RangeSpec;
  export: boolean;
  /** The person who chose "Share in channel": the answer is posted in the conversation, saying they shared it. */
  sharedBy?: string;
}

/** `/reading <query> …`: one match answers, several offer a choice, none says so. */
export async function readingForQuery(
  deps: ReadingFlowDeps,
  target: ReadingTarget,
  query: string,
  req: ReadingRequest,
): Promise<void> {
  try {
    const found = await deps.sources.resolve(query);
    if (found.kind === 'none') {
      if (await explainUnreadRange(deps, target, query)) return;
      const hint = safeText(query, 100);
      await notify(target, `No data source matches *${hint}*. Try \`/source ${hint}\` to search.`);
      return;
    }
    if (found.kind === 'many') {
      const choice = renderSourceChoice(query, found.rows, req);
      await notify(target, choice.text, choice.blocks);
      return;
    }
    await readingForSource(deps, target, found.row.id, req);
  } catch (err) {
    await reportError(deps, target, err, { flow: 'reading' });
  }
}

/**
 * The whole text names no source: recognise the source first (longest leading words that name one, a bounded
 * number of searches), then say exactly what about the rest is not a range, with two examples.
 */
async function explainUnreadRange(
  deps: ReadingFlowDeps,
  target: ReplyTarget,
  query: string,
): Promise<boolean> {
  for (const split of sourceSplits(query)) {
    const found = await deps.sources.resolve(split.sourceQuery);
    if (found.kind === 'none') continue;
    const name = found.kind === 'one' ? found.row.name : split.sourceQuery;
    const explained = explainRange(split.rangeText);
    const today = toLocalForm(deps.clock.now(), 'UTC').slice(0, 10);
    const [a, b] = rangeExamples(explained, today);
    const shown = safeText(name, 150);
    await notify(
      target,
      `:warning: I found *${shown}*, but not the range: ${safeText(explained.problem, 400)}. ` +
        `For example \`/reading ${shown} ${escapeMrkdwn(a)}\` or \`/reading ${shown} ${escapeMrkdwn(b)}\`.`,
    );
    return true;
  }
  return false;
}

/** Answers one data source's readings or export; false when the person was told why not instead. */
export async function readingForSource(
  deps: ReadingFlowDeps,
  target: ReadingTarget,
  sourceId: string,
  req: ReadingRequest,
): Promise<boolean> {
  try {
    const source = await deps.sources.loadForRange(sourceId, req.spec);
    const range = resolveRange(req.spec, zoneOrUtc(source.tzTimezoneName), deps.clock.now());
    const job = { source, range, spec: req.spec, ...(req.sharedBy ? { sharedBy: req.sharedBy } : {}) };
    // Shared with another organisation: the answer is the asker's alone unless they chose to share it.
    const privately =
      !req.sharedBy &&
      (await sharedWithOtherOrg(target.client, target.channel, { channelName: target.channelName }));
    if (privately) await (req.export ? privateExport : privateReport)(deps, target, job);
    else if (req.export) await exportFlow(deps, target, job);
    else await reportFlow(deps, target, job);
    return true;
  } catch (err) {
    if (err instanceof ReadingRangeError) await notify(target, `:warning: ${safeText(err.message, 500)}`);
    else await reportError(deps, target, err, { flow: req.export ? 'reading-export' : 'reading', sourceId });
    return false;
  }
}

/** One answer to give: the source, the range resolved in the source's zone, and the range as asked. */
export interface RangeJob {
  source: DataSource;
  range: ResolvedRange;
  spec: RangeSpec;
  /** Posted because this person chose to share it (said at the top of the answer). */
  sharedBy?: string;
}

/** `message` with the line saying who shared it, when it was shared by choice. */
function withSharer<M extends { text: string; blocks: object[] }>(message: M, job: RangeJob): M {
  return job.sharedBy ? { ...message, blocks: [sharedByLine(job.sharedBy), ...message.blocks] } : message;
}

/**
 * Posts the progress message for a read or an export, then runs `work` behind it: a failure replaces the
 * progress with "Could not read|export <source> (<range>)." and goes on to the caller's error report.
 */
async function underProgress<T>(
  target: ReplyTarget,
  { source, range }: RangeJob,
  verb: 'read' | 'export',
  work: (posted: Posted) => Promise<T>,
): Promise<{ posted: Posted; result: T }> {
  const progress = verb === 'read' ? renderReadingProgress : renderExportProgress;
  const posted = await postReply(target, progress(source.name, range.label));
  const failure = `Could not ${verb} ${escapeMrkdwn(source.name)} (${range.label}).`;
  const result = await behindProgress(target.client, posted, failure, () => work(posted));
  return { posted, result };
}

async function reportFlow(deps: ReadingFlowDeps, target: ReplyTarget, job: RangeJob): Promise<void> {
  const { source, spec } = job;
  const { posted, result: report } = await underProgress(target, job, 'read', () =>
    deps.sources.report(source, spec),
  );
  await updateReply(target.client, posted, withSharer(renderReadingReport(report), job));
  if (!report.chart || report.summary.rows === 0) return;
  const chart = report.chart;
  try {
    const png = await chartPng(chart);
    await shareFile(
      target.client,
      {
        bytes: png,
        filename: exportFileName(source.name, report.range).replace(/\.csv$/, '.png'),
        title: `${source.name} — ${report.range.label}`,
      },
      // No alt text at the upload step (files.getUploadURLExternal's alt_txt is reported to leave the file
      // unshared: slackapi/python-slack-sdk#1818, #1575). The report posted just above is its text equivalent.
      { channel: posted.channel, threadTs: posted.ts },
    );
  } catch (err) {
    // the numbers are already posted; a missing chart is worth a note, not an error report
    deps.log.warn({ err, sourceId: source.id }, 'reading chart upload failed');
    const inThread = {
      client: target.client,
      user: target.user,
      channel: posted.channel,
      threadTs: posted.ts,
    };
    await notify(inThread, 'The chart could not be attached to this answer.');
  }
}

async function exportFlow(deps: ReadingFlowDeps, target: ReplyTarget, job: RangeJob): Promise<void> {
  const { source, range } = job;
  const { posted, result: outcome } = await underProgress(target, job, 'export', (progress) =>
    exportToSlack(deps.monitoring, target.client, {
      source,
      range,
      to: { channel: progress.channel, threadTs: progress.ts },
    }),
  );
  await updateReply(
    target.client,
    posted,
    withSharer(renderExportOutcome(source.name, range.label, outcome), job),
  );
}
