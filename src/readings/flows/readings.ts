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
import { renderDidYouMean } from '../render/reading-suggest.ts';
import { nearNames } from '../rules/near-names.ts';
import { DEFAULT_SHIFT_RULE, type ShiftRule } from '../rules/shift-window.ts';
import { channelShiftTimes } from '../../alerts/index.ts';
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

/**
 * What the /reading conversation uses: the sources service, the clock, the log, the person's platform client, and
 * the store (a channel's shift changes, for "this shift").
 */
export type ReadingFlowDeps = Pick<Deps, 'sources' | 'clock' | 'log' | 'monitoring' | 'store'>;

export interface ReadingRequest {
  spec: RangeSpec;
  export: boolean;
  /** The range words as typed after the source name ("24h export"), kept in a "did you mean" suggestion. */
  typed?: string;
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
      const candidates = (await deps.sources.candidates(query)).map((c) => c.name);
      const near = nearNames(query, candidates);
      if (near.length > 0) {
        const offer = renderDidYouMean(query, near, req);
        await notify(target, offer.text, offer.blocks);
        return;
      }
      if (await explainUnreadRange(deps, target, query, candidates)) return;
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
 * The whole text names no source: recognise the source first (longest leading words that name one or nearly spell
 * one of `candidates`, a bounded number of searches), then say exactly what about the rest is not a range, with two
 * examples. A source found only because leading words are part of its name ("Main" of "Main Energy Meter") is not
 * taken: the words after them belong to the name, not to a range.
 */
async function explainUnreadRange(
  deps: ReadingFlowDeps,
  target: ReplyTarget,
  query: string,
  candidates: readonly string[],
): Promise<boolean> {
  for (const split of sourceSplits(query)) {
    const found = await deps.sources.resolve(split.sourceQuery);
    // found only as part of a longer name ("Main" of "Main Energy Meter"): the words after belong to the name
    const named =
      (found.kind === 'many' && found.rows.some((r) => sameName(r.name, split.sourceQuery))) ||
      (found.kind === 'one' &&
        (sameName(found.row.name, split.sourceQuery) || found.row.id === split.sourceQuery.trim()));
    const [near] = named ? [] : nearNames(split.sourceQuery, candidates, 1);
    if (!named && !near) continue;
    const name = near ?? (found.kind === 'one' ? found.row.name : split.sourceQuery);
    const explained = explainRange(split.rangeText);
    const today = toLocalForm(deps.clock.now(), 'UTC').slice(0, 10);
    const [a, b] = rangeExamples(explained, today);
    const shown = safeText(name, 150);
    const opening = near
      ? `:warning: No data source is named *${safeText(split.sourceQuery, 150)}*: did you mean *${shown}*? And I did not understand the range`
      : `:warning: I found *${shown}*, but not the range`;
    await notify(
      target,
      `${opening}: ${safeText(explained.problem, 400)}. ` +
        `For example \`/reading ${shown} ${escapeMrkdwn(a)}\` or \`/reading ${shown} ${escapeMrkdwn(b)}\`.`,
    );
    return true;
  }
  return false;
}

/** Case and spacing aside, the same name. */
function sameName(a: string, b: string): boolean {
  const norm = (t: string) => t.trim().toLowerCase().replace(/\s+/g, ' ');
  return norm(a) === norm(b);
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
    const shift = req.spec.kind === 'shift' ? await shiftRule(deps, target.channel) : undefined;
    // resolved once: the answer, its chart and its export cover the same [start, end)
    const range = resolveRange(req.spec, zoneOrUtc(source.tzTimezoneName), deps.clock.now(), shift);
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

/** "this shift": the shift changes of the channel asked in (its `/monitor digest at` times), else the default. */
async function shiftRule(deps: ReadingFlowDeps, channel: string): Promise<ShiftRule> {
  const times = await channelShiftTimes(deps.store, channel);
  return times ? { times, from: 'channel' } : DEFAULT_SHIFT_RULE;
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
    deps.sources.report(source, { spec, range: job.range }),
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
    withSharer(renderExportOutcome(source.name, range.label, outcome, 'thread', range.note), job),
  );
}
