/**
 * The Home tab's lower part, pure: which channels receive alerts and task changes (the relay's subscriptions)
 * and whether the monitoring platform is reachable (a quick probe) with the relay's last cycle.
 */
import type { ChannelSubscriptions } from '../../alerts/index.ts';
import type { AlertStatus } from '../../alerts/index.ts';
import { safeText } from '../../kit/blocks/mrkdwn.ts';
import { describeSubscriptions } from '../../alerts/index.ts';
import { formatDuration, when } from '../../alerts/index.ts';
import { HOME_CHANNEL_LIMIT } from './home-ids.ts';
import type { BlockJson } from '../../tasks/index.ts';
import { context, section } from '../../kit/blocks/text-blocks.ts';

export type HomeSubscriptions =
  | { kind: 'ok'; subs: ChannelSubscriptions[]; /** Channels subscribed in all. */ total: number }
  | { kind: 'failed'; notice: string };

/** A quick platform call's outcome; `notice` is ready mrkdwn (userMessageFor). */
export type HomeConnection = { ok: true; ms: number } | { ok: false; notice: string };

/** Slack channel ids render as links; anything else the store holds is shown as escaped text. */
function channelRef(channel: string): string {
  return /^[CGD][A-Z0-9]{2,30}$/.test(channel) ? `<#${channel}>` : safeText(channel, 80);
}

export function renderHomeSubscriptions(subs: HomeSubscriptions): BlockJson[] {
  const head = section('*Channels receiving alerts and task changes*');
  if (subs.kind === 'failed')
    return [head, section(`The subscriptions can't be read right now. ${subs.notice}`)];
  const shown = subs.subs.filter((s) => s.alerts !== null || s.tasks !== null).slice(0, HOME_CHANNEL_LIMIT);
  if (shown.length === 0)
    return [
      head,
      context(
        'No channel is subscribed yet. In a channel, type `/monitor subscribe alerts` or `/monitor subscribe tasks`.',
      ),
    ];
  const blocks = [
    head,
    ...shown.map((s) => section(`${channelRef(s.channel)}\n${describeSubscriptions(s).join('\n')}`)),
  ];
  if (subs.total > shown.length)
    blocks.push(
      context(
        `…and ${subs.total - shown.length} more channel(s). \`/monitor list\` in a channel shows its own.`,
      ),
    );
  return blocks;
}

function alertsLine(alerts: AlertStatus | null, nowMs: number): string {
  if (alerts === null || alerts.lastCycleAt === null)
    return 'Relay: no check of the platform recorded yet (channel alerts start after its first check).';
  const parts = [
    alerts.lastCompleteAt === null
      ? 'Relay: no complete check yet'
      : `Relay: last complete check ${when(alerts.lastCompleteAt)} (${formatDuration(nowMs - alerts.lastCompleteAt)} ago)`,
  ];
  if (alerts.consecutiveFailures > 0 && alerts.lastError)
    parts.push(
      `:warning: ${alerts.consecutiveFailures} failed check(s) in a row, last ${when(alerts.lastError.at)}: ${safeText(alerts.lastError.code ?? alerts.lastError.message, 200)}`,
    );
  return parts.join('\n');
}

export function renderHomeConnection(
  connection: HomeConnection,
  alerts: AlertStatus | null,
  nowMs: number,
): BlockJson[] {
  const state = connection.ok
    ? `:large_green_circle: *Monitoring platform:* connected (answered in ${Math.max(1, Math.round(connection.ms))} ms)`
    : `:red_circle: *Monitoring platform:* unreachable. ${connection.notice}`;
  return [section(state), context(alertsLine(alerts, nowMs))];
}
