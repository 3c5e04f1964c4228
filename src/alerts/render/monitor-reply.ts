/** Pure renderers of /monitor answers: subscriptions, site problems and the relay status. */
import type { ChannelSubscriptions } from '../rules/model.ts';
import type { DigestSettings } from '../rules/digest.ts';
import type { AlertStatusReport } from '../engine/status-report.ts';
import type { SiteProblem } from '../rules/subscriptions.ts';
import type { RenderedMessage } from './alert-message.ts';
import { safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { formatDuration, when } from './alert-format.ts';
import type { QueueStats } from '../../kit/request-context.ts';
import { renderQueueStats } from './queue-stats.ts';

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

const section = (text: string) => ({ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } });

function sites(names: string[], ids: string[] | null): string {
  if (ids === null) return 'every site';
  return names.map((n) => `*${safeName(n, 100)}*`).join(', ');
}

export function describeSubscriptions(sub: ChannelSubscriptions | undefined): string[] {
  const lines: string[] = [];
  if (sub?.alerts) {
    const sev = sub.alerts.minSeverity === 'critical' ? 'critical only' : 'warning and critical';
    lines.push(`:rotating_light: *Alerts* from ${sites(sub.alerts.siteNames, sub.alerts.siteIds)} (${sev})`);
  }
  if (sub?.tasks) {
    const pri =
      sub.tasks.minPriority === null
        ? 'every priority'
        : sub.tasks.minPriority === 'low'
          ? 'low priority and up'
          : sub.tasks.minPriority === 'medium'
            ? 'medium priority and up'
            : 'high priority only';
    const first = sub.tasks.primed
      ? ''
      : ' — the next check records current tasks quietly; changes after it are posted';
    lines.push(
      `:clipboard: *Task changes* from ${sites(sub.tasks.siteNames, sub.tasks.siteIds)} (${pri})${first}`,
    );
  }
  return lines;
}

/** The channel's shift handover digest, as `/monitor list` shows it. */
export function describeDigest(d: Pick<DigestSettings, 'times' | 'siteIds' | 'siteNames'>): string {
  const where = d.siteIds === null ? 'the sites subscribed here' : sites(d.siteNames, d.siteIds);
  return `:clipboard: *Shift handover digest* for ${where} at ${d.times.join(', ')} (each site's own time)`;
}

export function renderSubscriptionList(
  sub: ChannelSubscriptions | undefined,
  notice?: string,
  digest?: DigestSettings,
): RenderedMessage {
  const lines = [...describeSubscriptions(sub), ...(digest ? [describeDigest(digest)] : [])];
  const body =
    lines.length > 0
      ? lines.join('\n')
      : 'This channel has no subscriptions. Try `/monitor subscribe alerts` or `/monitor subscribe tasks`.';
  const blocks = [...(notice ? [section(notice)] : []), section(body)];
  return { text: [notice, body].filter(Boolean).join('\n').slice(0, 3000), blocks };
}

export function renderSiteProblems(problems: SiteProblem[]): RenderedMessage {
  const lines = problems.map((p) =>
    p.kind === 'many'
      ? `:grey_question: "${safeName(p.text, 100)}" matches several sites: ${p.matches.map((m) => `*${safeName(m, 80)}*`).join(', ')}. Use the full name.`
      : `:x: No site matches "${safeName(p.text, 100)}".${
          p.known.length > 0
            ? ` Sites I can see: ${p.known
                .slice(0, 30)
                .map((k) => safeText(k, 80))
                .join(', ')}`
            : ''
        }`,
  );
  const text = `${lines.join('\n')}\nNothing was changed.`;
  return { text: text.slice(0, 3000), blocks: [section(text)] };
}

export function renderNotice(text: string): RenderedMessage {
  return { text: text.slice(0, 3000), blocks: [section(text)] };
}

/** The Details button under `/monitor status`: the engineering figures, shown only to the person who asks. */
export const STATUS_DETAILS_ACTION = 'monitor_status_details';

/**
 * `/monitor status` in operator words: when fieldline last checked the platform, what it watches, whether checks
 * fail, and what waits to be posted here. The engineering figures (platform pages, timings, the work queue per
 * kind) are behind Details (renderStatusDetails) and in `/readyz`.
 */
export function renderAlertStatus(
  report: AlertStatusReport,
  now: number,
  queue?: QueueStats,
): RenderedMessage {
  const p = report.poller;
  const lines: string[] = [];
  lines.push(
    p.lastCompleteAt === null
      ? ':hourglass: fieldline has not finished a check of the platform yet.'
      : `:white_check_mark: Alerts and task changes last checked ${when(p.lastCompleteAt)} (${formatDuration(now - p.lastCompleteAt)} ago)`,
  );
  if (p.lastCounts)
    lines.push(
      `Watching ${p.lastCounts.sources} data sources (${p.lastCounts.cameras} cameras) and ${p.lastCounts.tasks} tasks`,
    );
  if (p.consecutiveFailures > 0 && p.lastError) {
    const checks =
      p.consecutiveFailures === 1 ? 'The last check' : `The last ${p.consecutiveFailures} checks`;
    lines.push(
      `:warning: ${checks} of the platform failed (last ${when(p.lastError.at)}): ${safeText(p.lastError.code ?? p.lastError.message, 200)}`,
    );
  }
  if (p.backoffUntil !== null && p.backoffUntil > now)
    lines.push(
      `:double_vertical_bar: The platform asked fieldline to wait: the next check is after ${when(p.backoffUntil)}`,
    );
  for (const c of report.channels) {
    const paused =
      c.delivery.pausedUntil !== null && c.delivery.pausedUntil > now
        ? ` · posting paused until ${when(c.delivery.pausedUntil)} (${safeText(c.delivery.lastError ?? 'Slack refused a message', 100)})`
        : '';
    const waiting =
      c.pending === 0
        ? 'nothing waiting to be posted'
        : `${plural(c.pending, 'message')} waiting to be posted`;
    lines.push(`In this channel: ${waiting} · ${c.delivery.delivered} posted${paused}`);
  }
  if (queue) lines.push(queueSentence(queue));
  const text = lines.join('\n');
  return {
    text: text.slice(0, 3000),
    blocks: [
      section(text),
      {
        type: 'actions',
        elements: [
          {
            type: 'button',
            action_id: STATUS_DETAILS_ACTION,
            text: { type: 'plain_text', text: 'Details', emoji: true },
            accessibility_label: 'Show the technical figures, only to you',
          },
        ],
      },
    ],
  };
}

/** Whether fieldline keeps up with requests, in one sentence. */
function queueSentence(q: QueueStats): string {
  if (q.waiting === 0) return 'Requests: fieldline is keeping up (none waiting).';
  return `Requests: ${q.waiting} waiting their turn; new ones are refused beyond ${q.bound}.`;
}

/** Details, for the person who pressed it: the last check's platform calls and timing, lag, the work queue. */
export function renderStatusDetails(report: AlertStatusReport, queue?: QueueStats): RenderedMessage {
  const p = report.poller;
  const lines: string[] = [];
  if (p.lastCompleteAt !== null)
    lines.push(`Lag: ${formatDuration(report.lagMs ?? 0)} since the last complete check began`);
  if (p.lastCycleAt !== null && p.lastCycleAt !== p.lastCompleteAt)
    lines.push(`Last attempt ${when(p.lastCycleAt)}`);
  if (p.lastApiCalls)
    lines.push(
      `Last check: ${p.lastApiCalls.pages} page(s) + ${p.lastApiCalls.records} camera record(s)${p.lastDurationMs !== null ? ` in ${(p.lastDurationMs / 1000).toFixed(1)} s` : ''}`,
    );
  if (p.lastError) lines.push(`Last error ${when(p.lastError.at)}: ${safeText(p.lastError.message, 300)}`);
  const blocks = [
    section(`*Details* (only you see this)\n${lines.join('\n') || 'No check of the platform recorded yet.'}`),
    ...(queue ? renderQueueStats(queue) : []),
  ];
  return { text: 'Details of fieldline’s status', blocks };
}
