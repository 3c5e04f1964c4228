/** Pure renderers of /monitor answers: subscriptions, site problems and the relay status. */
import type { ChannelSubscriptions } from '../rules/model.ts';
import type { DigestSettings } from '../rules/digest.ts';
import type { AlertStatusReport } from '../engine/status-report.ts';
import type { SiteProblem } from '../rules/subscriptions.ts';
import type { RenderedMessage } from './alert-message.ts';
import { safeText, safeName } from '../../kit/blocks/mrkdwn.ts';
import { formatDuration, when } from './alert-format.ts';

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

export function renderAlertStatus(report: AlertStatusReport, now: number): RenderedMessage {
  const p = report.poller;
  const lines: string[] = [];
  lines.push(
    p.lastCompleteAt === null
      ? ':hourglass: No complete check of the platform yet.'
      : `:white_check_mark: Last complete check ${when(p.lastCompleteAt)} (lag ${formatDuration(report.lagMs ?? 0)})`,
  );
  if (p.lastCycleAt !== null && p.lastCycleAt !== p.lastCompleteAt)
    lines.push(`Last attempt ${when(p.lastCycleAt)}`);
  if (p.lastApiCalls)
    lines.push(
      `Last check: ${p.lastApiCalls.pages} page(s) + ${p.lastApiCalls.records} camera record(s)${p.lastDurationMs !== null ? ` in ${(p.lastDurationMs / 1000).toFixed(1)} s` : ''}`,
    );
  if (p.lastCounts)
    lines.push(
      `Watching ${p.lastCounts.sources} data sources (${p.lastCounts.cameras} cameras) and ${p.lastCounts.tasks} tasks`,
    );
  if (p.consecutiveFailures > 0 && p.lastError) {
    lines.push(
      `:warning: ${p.consecutiveFailures} failed check(s) in a row; last error ${when(p.lastError.at)}: ${safeText(p.lastError.code ?? p.lastError.message, 200)}`,
    );
  }
  if (p.backoffUntil !== null && p.backoffUntil > now)
    lines.push(`:pause_button: Backing off until ${when(p.backoffUntil)}`);
  for (const c of report.channels) {
    const paused =
      c.delivery.pausedUntil !== null && c.delivery.pausedUntil > now
        ? ` · paused until ${when(c.delivery.pausedUntil)} (${safeText(c.delivery.lastError ?? 'error', 100)})`
        : '';
    lines.push(`Delivery here: ${c.pending} waiting · ${c.delivery.delivered} delivered${paused}`);
  }
  const text = lines.join('\n');
  return { text: text.slice(0, 3000), blocks: [section(text)] };
}
