/**
 * /reading answers in a conversation shared with another organisation: only the person who asked sees them (an
 * ephemeral answer, by the request's response_url); the chart and an exported CSV go to their DM with the app,
 * since a file cannot be ephemeral. A "Share in channel" button (confirmed first) posts the answer there if they
 * choose to (./readings.ts, `sharedBy`).
 */
import type { ReadingReport } from '../service/reading-report.ts';
import { privateAnswer, type ShareOffer } from '../../files/index.ts';
import { escapeMrkdwn, safeName } from '../../kit/blocks/mrkdwn.ts';
import { notify, type Posted } from '../../kit/reply/index.ts';
import { shareFile, type ShareTarget } from '../../kit/slack-files/upload-file.ts';
import { chartPng } from '../chart/chart-cache.ts';
import { renderExportOutcome } from '../render/reading-export.ts';
import { renderReadingReport } from '../render/reading-report.ts';
import { encodeSourceRange, READING_ACTION } from '../render/source-ids.ts';
import { exportFileName, exportToSlack } from './csv-export.ts';
import type { RangeJob, ReadingFlowDeps } from './readings.ts';
import type { ReadingTarget } from './reply-target.ts';

function shareOffer(job: RangeJob, exported: boolean, note?: string): ShareOffer {
  return {
    actionId: READING_ACTION.share,
    value: encodeSourceRange({ s: job.source.id, r: job.spec, ...(exported ? { x: true } : {}) }),
    what: exported
      ? `the CSV export of ${job.source.name} (${job.range.label})`
      : `the readings of ${job.source.name} (${job.range.label}) and their chart`,
    ...(note ? { note } : {}),
  };
}

export async function privateReport(
  deps: ReadingFlowDeps,
  target: ReadingTarget,
  job: RangeJob,
): Promise<void> {
  const report = await deps.sources.report(job.source, job);
  const charted = report.chart !== null && report.summary.rows > 0;
  const note =
    charted && !(await chartToDm(deps, target, report)) ? 'The chart could not be sent.' : undefined;
  const answer = privateAnswer(renderReadingReport(report, 'dm'), shareOffer(job, false, note));
  await notify(target, answer.text, answer.blocks);
}

export async function privateExport(
  deps: ReadingFlowDeps,
  target: ReadingTarget,
  job: RangeJob,
): Promise<void> {
  const { source, range } = job;
  const intro = `CSV export of *${safeName(source.name, 150)}* (${escapeMrkdwn(range.label)}), as you asked in <#${target.channel}>: for you only.`;
  const outcome = await exportToSlack(deps.monitoring, target.client, {
    source,
    range,
    to: () => dmWith(target, intro),
  });
  const message = renderExportOutcome(source.name, range.label, outcome, 'dm', range.note);
  if (outcome.kind !== 'uploaded') {
    await notify(target, message.text, message.blocks);
    return;
  }
  const answer = privateAnswer(message, shareOffer(job, true));
  await notify(target, answer.text, answer.blocks);
}

/** The chart as a file in the person's DM; false when it could not be sent (the numbers are answered anyway). */
async function chartToDm(
  deps: ReadingFlowDeps,
  target: ReadingTarget,
  report: ReadingReport,
): Promise<boolean> {
  const { source, range } = report;
  try {
    const png = await chartPng(report.chart!);
    const intro = `Chart of *${safeName(source.name, 150)}* (${escapeMrkdwn(range.label)}), as you asked in <#${target.channel}>: for you only.`;
    const dm = await dmWith(target, intro);
    await shareFile(
      target.client,
      {
        bytes: png,
        filename: exportFileName(source.name, range).replace(/\.csv$/, '.png'),
        title: `${source.name} — ${range.label}`,
      },
      dm,
    );
    return true;
  } catch (err) {
    deps.log.warn({ err, sourceId: source.id }, 'private reading chart not sent');
    return false;
  }
}

/** The person's DM with the app (chat.postMessage to a user id opens it), starting with `intro`. */
async function dmWith(target: ReadingTarget, intro: string): Promise<ShareTarget & Posted> {
  const posted = await target.client.chat.postMessage({ channel: target.user, text: intro });
  if (!posted.channel || !posted.ts) throw new Error('chat.postMessage answered without channel or ts');
  return { channel: posted.channel, ts: posted.ts };
}
